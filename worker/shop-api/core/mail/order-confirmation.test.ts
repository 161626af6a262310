import { deliveryWindow } from "@domain/delivery-window";
import { escapeHtml } from "@worker/lib/escape-html";
import { text } from "@worker/lib/texts";
import { FORM_LINES, TERMS_PARAGRAPHS, WITHDRAWAL_PARAGRAPHS } from "./order-legal-texts";
import { composeMail, type MailParams } from "./templates";

const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"] as const;
/** The shop of each language (the Swiss shop for none: its orders have no statutory withdrawal). */
const SHOP_OF: Record<(typeof LANGUAGES)[number], string> = { de: "DE", at: "AT", en: "COM", fr: "FR", it: "IT", nl: "NL" };
const RETURNS = "http://de.localhost:8787/returns/?order=DE-100001&sig=abc123";

const params = (extra: Partial<MailParams<"order-confirmation">> = {}): MailParams<"order-confirmation"> => ({
  orderNumber: "DE-100001",
  name: "Erika Muster",
  shippingAddress: ["Erika Muster", "Hauptstraße 5", "10115 Berlin", "Deutschland"],
  lines: [{ sku: "OAK-1", name: "Eiche natur", quantity: 2, unit: "m²", packagePrice: "29,95 €", lineTotal: "59,90 €" }],
  totals: { goods: "59,90 €", shipping: "5,95 €", tax: "10,51 €", taxLabel: "inkl. 19 % MwSt.", grand: "65,85 €" },
  deliveryMode: "standard",
  delivery: { date: "2026-12-08", latestDate: "2026-12-15" },
  paymentMethod: "invoice",
  returnsLink: true,
  withdrawal: { email: "service@bodenhaus.example" },
  ...extra,
});

const compose = (language: string, extra?: Partial<MailParams<"order-confirmation">>, signed: { returns?: string } = { returns: RETURNS }) =>
  composeMail({ shopId: SHOP_OF[language as keyof typeof SHOP_OF] ?? "DE", language, template: "order-confirmation", params: params(extra) }, "development", {
    signed,
  });
const say = (language: string, key: string, values?: Record<string, string>) => text(language, "mail", `order-confirmation.${key}`, values);

test.each(LANGUAGES)("%s: the returns link is a real link in the HTML part and the address in the plain text", (language) => {
  const mail = compose(language);
  expect(mail.html).toContain(`<a href="${escapeHtml(RETURNS)}"`);
  expect(mail.html).toContain(`>${escapeHtml(say(language, "returnsLink"))}</a>`);
  expect(mail.text).toContain(`${say(language, "returnsLink")}:\n${RETURNS}`);
  // without a signed link (no secret) the mail names none
  const unsigned = compose(language, {}, {});
  expect(unsigned.html).not.toContain("/returns/");
  expect(unsigned.text).not.toContain(say(language, "returnsLink"));
});

test.each(LANGUAGES)("%s: a consumer's confirmation carries the withdrawal information, the model withdrawal form and the terms, in both parts", (language) => {
  const mail = compose(language);
  const email = { email: "service@bodenhaus.example" };
  const texts = [
    say(language, "withdrawalInfo.title"),
    ...WITHDRAWAL_PARAGRAPHS.map((key) => say(language, `withdrawalInfo.${key}`, email)),
    say(language, "withdrawalForm.title"),
    ...FORM_LINES.map((key) => say(language, `withdrawalForm.${key}`, email)),
    say(language, "terms.title"),
    ...TERMS_PARAGRAPHS.map((key) => say(language, `terms.${key}`)),
  ];
  for (const paragraph of texts) {
    expect(paragraph).not.toMatch(/order-confirmation\.|\{\{/);
    expect(mail.text).toContain(paragraph);
    expect(mail.html).toContain(escapeHtml(paragraph));
  }
  expect(mail.text).toContain("service@bodenhaus.example");
  expect(mail.text).not.toContain(say(language, "returnRight"));
});

test("the legal texts are each language's own, not German or English left in another language", () => {
  const german = compose("de").text;
  expect(german).toContain("Muster-Widerrufsformular");
  expect(german).toContain("Hiermit widerrufe(n) ich/wir (*)");
  expect(compose("at").text).toContain("Muster-Widerrufsformular");
  for (const language of ["en", "fr", "it", "nl"]) {
    const mail = compose(language).text;
    expect({ language, german: /Widerruf|Geschäftsbedingungen|Muster-/.test(mail) }).toEqual({ language, german: false });
  }
  for (const language of ["fr", "it", "nl"]) {
    const mail = compose(language).text;
    expect({ language, english: /withdrawal|terms and conditions/i.test(mail) }).toEqual({ language, english: false });
  }
  expect(compose("en").text).toContain("Model withdrawal form");
  expect(compose("fr").text).toContain("Modèle de formulaire de rétractation");
  expect(compose("it").text).toContain("Modulo di recesso tipo");
  expect(compose("nl").text).toContain("Modelformulier voor herroeping");
});

test.each(LANGUAGES)("%s: an order without a statutory withdrawal gets the terms and the shop's right of return, no withdrawal text", (language) => {
  const mail = compose(language, { withdrawal: undefined });
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain(escapeHtml(say(language, "terms.title")));
    expect(part).toContain(escapeHtml(say(language, "returnRight")));
    expect(part).not.toContain(escapeHtml(say(language, "withdrawalInfo.right")));
    expect(part).not.toContain(escapeHtml(say(language, "withdrawalForm.title")));
  }
});

test.each(LANGUAGES)("%s: the delivery window is the pages' (domain/delivery-window.ts), for standard and express", (language) => {
  const standard = deliveryWindow("2026-12-08", "2026-12-15", language);
  expect(compose(language).text).toContain(say(language, `delivery.standard.${standard.kind}`, standard.params));
  const express = deliveryWindow("2026-12-02", "2026-12-02", language);
  expect(compose(language, { deliveryMode: "express", delivery: { date: "2026-12-02", latestDate: "2026-12-02" } }).text).toContain(
    say(language, `delivery.express.${express.kind}`, express.params),
  );
});

test("the window in German and French as the checkout page shows it; a requested date and storage", () => {
  expect(compose("de").text).toContain("Lieferung: Standardversand, voraussichtlich zwischen 08.12. und 15.12.2026.");
  expect(compose("fr").text).toContain("Livraison standard, prévue entre le 08/12 et le 15/12/2026.");
  expect(compose("nl").text).toContain("Levering: standaard, verwacht tussen 08-12 en 15-12-2026.");
  expect(compose("de", { delivery: { date: "2026-12-29", latestDate: "2027-01-05" } }).text).toContain("zwischen 29.12.2026 und 05.01.2027.");
  expect(compose("de", { deliveryMode: "requested_date", delivery: { date: "2026-12-10", latestDate: "2026-12-10" } }).text).toContain(
    "Lieferung zum Wunschtermin 10.12.2026.",
  );
  expect(compose("de", { deliveryMode: "on_call_storage", delivery: undefined }).text).toContain("Wir lagern Ihre Ware kostenlos ein und liefern auf Abruf.");
});

test("a mail enqueued before the window, with its one day already written, still renders", () => {
  const legacy = { ...params({ delivery: undefined }), deliveryDate: "20.11.2026" };
  const mail = composeMail({ shopId: "DE", language: "de", template: "order-confirmation", params: legacy }, "development");
  expect(mail.text).toContain("Lieferung: Standardversand, voraussichtlich am 20.11.2026.");
});

test("hostile input: a link with quotes stays one attribute, dates and addresses that are not what they claim are refused", () => {
  const hostile = `http://de.localhost:8787/returns/?order=DE-1&sig="><script>alert(1)</script>`;
  const mail = compose("de", {}, { returns: hostile });
  expect(mail.html).not.toContain("<script>");
  expect(mail.html).toContain(`<a href="${escapeHtml(hostile)}"`);
  for (const delivery of [
    { date: "2026-02-30", latestDate: "2026-03-02" },
    { date: "08.12.2026", latestDate: "2026-12-15" },
    { date: "2026-12-08", latestDate: "<b>15.12.</b>" },
  ])
    expect(() => compose("de", { delivery })).toThrow();
  for (const email of ["<script>@x", "not an address", ""]) expect(() => compose("de", { withdrawal: { email } })).toThrow();
  expect(() => compose("de", { withdrawal: { email: "a@b.example", extra: 1 } as unknown as { email: string } })).toThrow();
});
