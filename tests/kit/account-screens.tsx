/**
 * What the account screens' component tests share: the real texts of a language (the pages'
 * own i18next over locales/<lang>/*.json, so a test reads the words a visitor reads), the
 * screens' settings of a shop, and a stand-in for the shop API behind `fetch` that records
 * every call (method, path, headers, body) and answers from a handler.
 *
 * Import tests/kit/browser-dom first (it installs the document before React DOM loads);
 * mock "gatsby-plugin-react-i18next" with `i18nMock("de")` and "gatsby" with `gatsbyMock()`;
 * `afterEach(resetScreens)` and `afterAll(closeBrowser)`.
 */
import React from "react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { mutate, SWRConfig } from "swr";
import { createInstance } from "@site/i18n/i18next";
import { unmountAll } from "./browser-dom";
import { AccountProvider, type AccountSettings } from "@site/features/account/context";
import { accountPaths } from "@site/features/account/paths";

const LOCALES = join(__dirname, "..", "..", "locales");
const PAGE_NAMESPACES = ["account", "commerce", "search", "translation"];

/** The pages' translate function of a language, namespace `ns` first (as useTranslation(ns) gives it). */
export function pageTexts(language: string) {
  const resources = {
    [language]: Object.fromEntries(
      PAGE_NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, language, `${ns}.json`), "utf8")) as Record<string, unknown>]),
    ),
  };
  const i18n = createInstance();
  i18n.init({
    resources,
    lng: language,
    fallbackLng: "de",
    defaultNS: "account",
    fallbackNS: PAGE_NAMESPACES.filter((ns) => ns !== "account"),
    keySeparator: ".",
    nsSeparator: false,
  });
  return (ns?: string | string[]) => i18n.getFixedT(null, ns ?? null);
}

/** The module "gatsby-plugin-react-i18next" for a test, in `language`. */
export function i18nMock(language: string) {
  const texts = pageTexts(language);
  return {
    useTranslation: (ns?: string) => ({ t: texts(ns), i18n: { language } }),
    useI18next: () => ({ language, routed: false, t: texts() }),
  };
}

/** The module "gatsby" for a test: `navigate` records where the screen sends the visitor. */
export function gatsbyMock() {
  return { navigate: jest.fn(async () => undefined), graphql: () => null };
}

export const GERMAN_SHOP = { domainPrefixes: [] as string[] };

export function accountSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  return {
    shop: GERMAN_SHOP,
    language: "de",
    currency: "EUR",
    countries: ["de", "at", "nl"],
    paths: accountPaths(GERMAN_SHOP, "de"),
    home: "/",
    legal: { privacy: "/datenschutz.html", withdrawal: "/widerrufsrecht.html", ordering: "/bestellvorgang.html" },
    ...overrides,
  };
}

export function WithAccount({ children, settings = accountSettings() }: { children: React.ReactNode; settings?: AccountSettings }) {
  return (
    <SWRConfig value={{ dedupingInterval: 0, loadingTimeout: 0 }}>
      <AccountProvider settings={settings}>{children}</AccountProvider>
    </SWRConfig>
  );
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Answer = {
  status: number;
  data?: unknown;
  errors?: { message: string; code?: string; field?: string; params?: Record<string, string | number> }[];
};

/**
 * Replaces `fetch` with the handler; returns the calls. The handler gets each call and
 * answers with a status and the envelope's data and errors (unhandled paths: 404).
 */
export function stubApi(handler: (call: RecordedCall) => Answer | undefined): RecordedCall[] {
  const calls: RecordedCall[] = [];
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://de.localhost:8797");
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([name, value]) => [name.toLowerCase(), value]));
    const call: RecordedCall = {
      method: init.method ?? "GET",
      path: `${url.pathname}${url.search}`,
      headers,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, errors: [{ message: "This page could not be found", code: "not_found" }] };
    return new Response(JSON.stringify({ status: answer.status, data: answer.data ?? null, errors: answer.errors ?? [], meta: {} }), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  return calls;
}

/** After each test: nothing mounted, an empty browser storage (guest projects) and nothing cached by swr (the screens share its global cache). */
export async function resetScreens(): Promise<void> {
  unmountAll();
  window.localStorage.clear();
  await mutate(() => true, undefined, { revalidate: false });
}

/** The form field whose label text is exactly `label`, inside `container` (a test may mount a form twice). */
export function field(container: ParentNode, label: string): HTMLInputElement {
  const element = [...container.querySelectorAll("label")].find((candidate) => candidate.textContent?.trim() === label);
  if (!element) throw new Error(`no field labelled "${label}"`);
  const control = element.htmlFor ? container.querySelector(`[id="${element.htmlFor}"]`) : element.querySelector("input,select,textarea");
  if (!control) throw new Error(`label "${label}" names no field`);
  return control as HTMLInputElement;
}

/** The button whose text is exactly `text`. */
export function button(container: ParentNode, text: string): HTMLButtonElement {
  const found = [...container.querySelectorAll("button")].find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}
