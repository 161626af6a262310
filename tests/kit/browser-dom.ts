/**
 * A browser document for component tests that click, type and choose files (Jest runs in
 * Node): jsdom (installed with maildev) gives window, document, FormData, File and
 * FileReader. Import this module before anything that loads React DOM (which decides at
 * load time what the browser can do); `unmountAll()` in `afterEach` unmounts what `mount`
 * mounted and empties the document.
 *
 * Events are the ones React listens to: `typeInto` sets a field's value through the native
 * setter (so React sees the change) and dispatches `input` and `change`; `clickOn` clicks (a
 * submit button submits its form); `chooseFiles` puts files on a file input and dispatches
 * `change`.
 */
import React from "react";
import type { Root } from "react-dom/client";

interface JsdomWindow extends Window {
  close(): void;
}
type JsdomConstructor = new (html: string, options: { url: string; pretendToBeVisual?: boolean }) => { window: JsdomWindow };

// jsdom has no type declarations installed; only its constructor is used.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { JSDOM } = require("jsdom") as { JSDOM: JsdomConstructor };

const GLOBALS = [
  "window",
  "document",
  "navigator",
  "location",
  "history",
  "sessionStorage",
  "localStorage",
  "HTMLElement",
  "HTMLInputElement",
  "HTMLSelectElement",
  "HTMLTextAreaElement",
  "HTMLButtonElement",
  "HTMLFormElement",
  "HTMLImageElement",
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
  "SubmitEvent",
  "MutationObserver",
  "File",
  "FileList",
  "FileReader",
  "Blob",
  "FormData",
  "getComputedStyle",
  "requestAnimationFrame",
  "cancelAnimationFrame",
] as const;

export const PAGE_URL = "http://de.localhost:8797/returns/";
const dom = new JSDOM("<!doctype html><html><body></body></html>", { url: PAGE_URL, pretendToBeVisual: true });
const jsdomGlobals = dom.window as unknown as Record<string, unknown>;
for (const name of GLOBALS) {
  if (jsdomGlobals[name] === undefined) continue;
  Object.defineProperty(globalThis, name, { value: jsdomGlobals[name], configurable: true, writable: true });
}
(globalThis as unknown as Record<string, unknown>).IS_REACT_ACT_ENVIRONMENT = true;

// After the globals: React DOM looks at the document when it loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRoot } = require("react-dom/client") as typeof import("react-dom/client");

const roots: Root[] = [];

/** Unmounts everything, empties the document and the tab's storage, and goes back to `url`. */
export function unmountAll(url = PAGE_URL): void {
  for (const root of roots.splice(0)) React.act(() => root.unmount());
  document.body.innerHTML = "";
  window.sessionStorage.clear();
  window.history.replaceState(null, "", url);
}

/** Closes the document's window (its timers end with it); for `afterAll`. */
export function closeBrowser(): void {
  unmountAll();
  dom.window.close();
}

/** Lets pending promises, timers of 0 ms and effects run (fetch answers, swr updates, file readers). */
export async function settle(rounds = 6): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await React.act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Mounts `element` into a new container of the document and waits for its first effects. */
export async function mount(element: React.ReactElement): Promise<HTMLElement> {
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  roots.push(root);
  await React.act(async () => {
    root.render(element);
  });
  await settle();
  return container;
}

/** Types into an input, textarea or select as a person would (React sees the change). */
export async function typeInto(element: Element | null, value: string): Promise<void> {
  if (!element) throw new Error("no such field");
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, "value")?.set;
  await React.act(async () => {
    setter?.call(element, value);
    element.dispatchEvent(new window.Event("input", { bubbles: true }));
    element.dispatchEvent(new window.Event("change", { bubbles: true }));
  });
  await settle(2);
}

export async function clickOn(element: Element | null): Promise<void> {
  if (!element) throw new Error("nothing to click");
  await React.act(async () => {
    (element as HTMLElement).click();
  });
  await settle();
}

/** Files as a phone gives them: a name, a type and bytes. */
export function fileOf(name: string, bytes: number | number[], type = "image/jpeg"): File {
  const content = typeof bytes === "number" ? new Uint8Array(bytes) : Uint8Array.from(bytes);
  return new File([content], name, { type });
}

/** Chooses `files` on a file input (as the picker does) and lets the uploads run. */
export async function chooseFiles(input: Element | null, files: File[]): Promise<void> {
  if (!(input instanceof HTMLInputElement)) throw new Error("no file input");
  // jsdom has no DataTransfer to build a FileList with; the picker's list is read as an iterable of files.
  Object.defineProperty(input, "files", { value: files, configurable: true });
  await React.act(async () => {
    input.dispatchEvent(new window.Event("change", { bubbles: true }));
  });
  await settle(10);
}

/** The element with `data-testid`, or null. */
export function byTestId(container: ParentNode, id: string): HTMLElement | null {
  return container.querySelector(`[data-testid="${id}"]`);
}

/** Every element with `data-testid`. */
export function allByTestId(container: ParentNode, id: string): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
}

/** The form field whose label text is exactly `label`. */
export function fieldLabelled(container: ParentNode, label: string): HTMLInputElement {
  const element = [...container.querySelectorAll("label")].find((candidate) => candidate.textContent?.trim() === label);
  if (!element) throw new Error(`no field labelled "${label}"`);
  const control = element.htmlFor ? document.getElementById(element.htmlFor) : element.querySelector("input,select,textarea");
  if (!control) throw new Error(`label "${label}" names no field`);
  return control as HTMLInputElement;
}
