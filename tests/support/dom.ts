/**
 * A browser document for component tests that click and type (Jest runs in Node): jsdom
 * (installed with maildev) provides window, document and localStorage. Importing this
 * module installs them for the test file (before React DOM loads, which decides at load
 * time what the browser can do); `cleanup()` in `afterEach` unmounts what `render` mounted
 * and empties the document and the storage.
 *
 * Events follow what React listens to: `type` sets a field's value through the native
 * setter (so React sees the change) and dispatches `input`/`change`; `click` dispatches a
 * real click (a submit button submits its form).
 */
import React from "react";
import type { Root } from "react-dom/client";

interface JsdomWindow extends Window {
  close(): void;
}
type JsdomConstructor = new (html: string, options: { url: string; pretendToBeVisual?: boolean }) => { window: JsdomWindow };

// jsdom has no type declarations installed; only its constructor is used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { JSDOM } = require("jsdom") as { JSDOM: JsdomConstructor };

const GLOBALS = [
  "window",
  "document",
  "navigator",
  "localStorage",
  "sessionStorage",
  "location",
  "history",
  "HTMLElement",
  "HTMLInputElement",
  "HTMLSelectElement",
  "HTMLTextAreaElement",
  "HTMLButtonElement",
  "HTMLFormElement",
  "HTMLIFrameElement",
  "Element",
  "Node",
  "Text",
  "Event",
  "EventTarget",
  "KeyboardEvent",
  "MouseEvent",
  "FocusEvent",
  "InputEvent",
  "CustomEvent",
  "StorageEvent",
  "SubmitEvent",
  "MutationObserver",
  "getComputedStyle",
  "requestAnimationFrame",
  "cancelAnimationFrame",
] as const;

export const DOM_URL = "http://de.localhost:8797/";
const dom = new JSDOM("<!doctype html><html><body></body></html>", { url: DOM_URL });
for (const name of GLOBALS) {
  Object.defineProperty(globalThis, name, { value: (dom.window as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
}
(globalThis as unknown as Record<string, unknown>).IS_REACT_ACT_ENVIRONMENT = true;
// The document's timers (animation frames) end with the test file.
afterAll(() => dom.window.close());

// After the globals: React DOM looks at the document when it loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require("react-dom/client") as typeof import("react-dom/client");

const roots: Root[] = [];

/** Unmounts everything, empties the document and the storage, and goes back to `url`. */
export function cleanup(url = DOM_URL): void {
  for (const root of roots.splice(0)) React.act(() => root.unmount());
  document.body.innerHTML = "";
  window.localStorage.clear();
  window.history.replaceState(null, "", url);
}

/** Mounts `element` into a new container of the document and waits for its first effects. */
export async function render(element: React.ReactElement): Promise<HTMLElement> {
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  roots.push(root);
  await React.act(async () => {
    root.render(element);
  });
  return container;
}

/** Lets pending promises and effects run (fetch answers, swr updates). */
export async function settle(rounds = 5): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await React.act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Types into an input, textarea or select as a person would (React sees the change). */
export async function type(element: Element | null, value: string): Promise<void> {
  if (!element) throw new Error("no such field");
  const prototype = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  await React.act(async () => {
    setter?.call(element, value);
    element.dispatchEvent(new window.Event(element.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
    element.dispatchEvent(new window.Event("change", { bubbles: true }));
  });
  await settle(1);
}

export async function click(element: Element | null): Promise<void> {
  if (!element) throw new Error("nothing to click");
  await React.act(async () => {
    (element as HTMLElement).click();
  });
  await settle();
}

/** The form field whose label text is exactly `label` (inputs, selects, textareas). */
export function field(container: ParentNode, label: string): HTMLInputElement {
  const labelElement = [...container.querySelectorAll("label")].find((candidate) => candidate.textContent?.trim() === label);
  if (!labelElement) throw new Error(`no field labelled "${label}"`);
  const control = labelElement.htmlFor ? container.querySelector(`[id="${labelElement.htmlFor}"]`) : labelElement.querySelector("input,select,textarea");
  if (!control) throw new Error(`label "${label}" names no field`);
  return control as HTMLInputElement;
}

/** The button whose text is exactly `text`. */
export function button(container: ParentNode, text: string): HTMLButtonElement {
  const found = [...container.querySelectorAll("button")].find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}
