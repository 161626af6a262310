/**
 * Server-side texts from locales/ (the files translators edit, in the layout the site
 * reads): `text("de", "server", "delivery.free")`. Placeholders use the site's
 * i18next style `{{name}}`. A missing key falls back to the language's fallback
 * (Austrian German to German, every other language to German), then to the key itself,
 * so a missing translation shows up as its key instead of breaking a response.
 */
import atErrors from "@locales/at/errors.json";
import atInquiries from "@locales/at/inquiries.json";
import atInvoices from "@locales/at/invoices.json";
import atMail from "@locales/at/mail.json";
import atOffers from "@locales/at/offers.json";
import atNewsletter from "@locales/at/newsletter.json";
import atServer from "@locales/at/server.json";
import deErrors from "@locales/de/errors.json";
import deInquiries from "@locales/de/inquiries.json";
import deInvoices from "@locales/de/invoices.json";
import deMail from "@locales/de/mail.json";
import deOffers from "@locales/de/offers.json";
import deNewsletter from "@locales/de/newsletter.json";
import deServer from "@locales/de/server.json";
import enErrors from "@locales/en/errors.json";
import enInquiries from "@locales/en/inquiries.json";
import enInvoices from "@locales/en/invoices.json";
import enMail from "@locales/en/mail.json";
import enOffers from "@locales/en/offers.json";
import enNewsletter from "@locales/en/newsletter.json";
import enServer from "@locales/en/server.json";
import frErrors from "@locales/fr/errors.json";
import frInquiries from "@locales/fr/inquiries.json";
import frInvoices from "@locales/fr/invoices.json";
import frMail from "@locales/fr/mail.json";
import frOffers from "@locales/fr/offers.json";
import frNewsletter from "@locales/fr/newsletter.json";
import frServer from "@locales/fr/server.json";
import itErrors from "@locales/it/errors.json";
import itInquiries from "@locales/it/inquiries.json";
import itInvoices from "@locales/it/invoices.json";
import itMail from "@locales/it/mail.json";
import itOffers from "@locales/it/offers.json";
import itNewsletter from "@locales/it/newsletter.json";
import itServer from "@locales/it/server.json";
import nlErrors from "@locales/nl/errors.json";
import nlInquiries from "@locales/nl/inquiries.json";
import nlInvoices from "@locales/nl/invoices.json";
import nlMail from "@locales/nl/mail.json";
import nlOffers from "@locales/nl/offers.json";
import nlNewsletter from "@locales/nl/newsletter.json";
import nlServer from "@locales/nl/server.json";

type Tree = { readonly [key: string]: string | Tree };

/** The namespaces the worker reads; each is one JSON file per language. */
const NAMESPACES = {
  server: { de: deServer, at: atServer, en: enServer, fr: frServer, it: itServer, nl: nlServer },
  errors: { de: deErrors, at: atErrors, en: enErrors, fr: frErrors, it: itErrors, nl: nlErrors },
  mail: { de: deMail, at: atMail, en: enMail, fr: frMail, it: itMail, nl: nlMail },
  /** Inquiries: their mails' texts and the labels of types and yes/no steps. */
  inquiries: { de: deInquiries, at: atInquiries, en: enInquiries, fr: frInquiries, it: itInquiries, nl: nlInquiries },
  /** Invoices and credit notes: the PDF's texts (core/invoices). */
  invoices: { de: deInvoices, at: atInvoices, en: enInvoices, fr: frInvoices, it: itInvoices, nl: nlInvoices },
  offers: { de: deOffers, at: atOffers, en: enOffers, fr: frOffers, it: itOffers, nl: nlOffers },
  /** The newsletter's mails; the same file holds the sign-up screens' texts. */
  newsletter: { de: deNewsletter, at: atNewsletter, en: enNewsletter, fr: frNewsletter, it: itNewsletter, nl: nlNewsletter },
} satisfies Record<string, Record<string, Tree>>;

export type TextNamespace = keyof typeof NAMESPACES;
export type TextParams = Readonly<Record<string, string | number>>;

const FALLBACK_LANGUAGE = "de";

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Fills `{{name}}` placeholders; unknown placeholders stay as they are. */
export function interpolate(template: string, params: TextParams = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The text of `key` in `namespace` for `language`, with its placeholders filled. */
export function text(language: string, namespace: TextNamespace, key: string, params?: TextParams): string {
  const byLanguage: Record<string, Tree> = NAMESPACES[namespace];
  const template = lookup(byLanguage[language], key) ?? lookup(byLanguage[FALLBACK_LANGUAGE], key) ?? key;
  return interpolate(template, params);
}

/** The texts of one language as a function, for code that renders many of them; `under` names the part of the namespace they sit in (`document.`). */
export function textsFor(language: string, namespace: TextNamespace, under = ""): (key: string, params?: TextParams) => string {
  return (key, params) => text(language, namespace, `${under}${key}`, params);
}
