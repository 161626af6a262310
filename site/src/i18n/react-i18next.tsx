import React from "react";
import type { I18n, TFunction } from "./i18next";

/**
 * The part of react-i18next the pages use (see ./i18next.ts and docs/decisions/0011):
 * I18nextProvider (set by gatsby-plugin-react-i18next for each page) and
 * useTranslation(namespace?), which returns { t, i18n, ready } (and the same as a tuple).
 * Translations are there from the first render, so nothing suspends and nothing re-renders
 * on loading.
 */
export const I18nContext = React.createContext<{ i18n: I18n | null }>({ i18n: null });

export function I18nextProvider({ i18n, children }: { i18n: I18n; defaultNS?: string; children?: React.ReactNode }) {
  const value = React.useMemo(() => ({ i18n }), [i18n]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

type UseTranslationResponse = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const missing: TFunction = (key) => key;

export function useTranslation(namespace?: string | string[]): UseTranslationResponse {
  const { i18n } = React.useContext(I18nContext);
  const key = Array.isArray(namespace) ? namespace.join("|") : namespace;
  const t = React.useMemo(() => (i18n ? i18n.getFixedT(null, namespace ?? null) : missing), [i18n, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const response = [t, i18n as I18n, true] as UseTranslationResponse;
  response.t = t;
  response.i18n = i18n as I18n;
  response.ready = true;
  return response;
}

export function Translation({
  children,
  ns,
}: {
  children: (t: TFunction, options: { i18n: I18n; lng: string }, ready: boolean) => React.ReactNode;
  ns?: string | string[];
}) {
  const { t, i18n } = useTranslation(ns);
  return <>{children(t, { i18n, lng: i18n?.language ?? "" }, true)}</>;
}

export const initReactI18next = { type: "3rdParty" as const, init: () => undefined };

export function setDefaults(): void {}

export function getI18n(): I18n | null {
  return null;
}
