/**
 * The footer's payment marks name exactly the methods the shop's config offers (the rule the
 * checkout applies, domain/payment-methods.ts), each drawn inline with its brand's marks: an
 * online method only with a provider configured for it; card as Visa and Mastercard, instant
 * transfer as the delivery countries' scheme; nothing loaded from elsewhere.
 */
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import rawConfig from "@config/shops.json";
import { offeredPaymentMethods, ONLINE_PAYMENT_METHODS, PAYMENT_MARKS, PAYMENT_METHODS, type PaymentSettings } from "@domain/payment-methods";
import { parseShopConfig } from "@config/shop-config";
import { PREPAYMENT_DISCOUNT_PERCENT } from "@domain/prepayment";
import { paymentMethodsForBuild } from "../../sourcing/shop-for-build";
import { PaymentBadges } from "./PaymentBadges";

jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../tests/kit/page-translations").pageTranslations("de"),
);

const markup = (methods: readonly string[], countries: readonly string[] = ["de"]) =>
  renderToStaticMarkup(<PaymentBadges methods={methods} countries={countries} />);
/** Each badge's accessible name and the marks it draws. */
const marked = (methods: readonly string[], countries?: readonly string[]) =>
  markup(methods, countries)
    .split('<li class="payment-badge">')
    .slice(1)
    .map((item) => [/aria-label="([^"]*)"/.exec(item)?.[1] ?? "", [...item.matchAll(/data-mark="([^"]*)"/g)].map((match) => match[1])] as const);
const badges = (methods: readonly string[], countries?: readonly string[]) => marked(methods, countries).map(([name]) => name);

const ONLINE_NAMES = ["PayPal", "Kreditkarte", "Klarna", "SEPA-Lastschrift", "Amazon Pay", "Sofortüberweisung", "Ratenkauf", "TWINT"];
const SHOPS = parseShopConfig(rawConfig).shops;

test.each(SHOPS.map((shop) => [shop.id, shop] as const))("shop %s: the badges are the methods its config offers and nothing else", (id, shop) => {
  const methods = paymentMethodsForBuild(id);
  expect(methods).toEqual(offeredPaymentMethods(shop).map((method) => method.code));
  for (const method of methods) expect(shop.paymentMethods).toContain(method);
  const shown = badges(methods, shop.deliveryCountries);
  expect(shown).toHaveLength(methods.length);
  if (shop.paymentProviders.length === 0) for (const name of ONLINE_NAMES) expect(shown).not.toContain(name);
});

test("the demo shops show their methods in the storefront's order, named as the checkout names them, with their brands' marks", () => {
  expect(marked(paymentMethodsForBuild("DE"))).toEqual([
    ["PayPal", ["paypal"]],
    ["Kreditkarte", ["visa", "mastercard"]],
    ["Klarna", ["klarna"]],
    ["SEPA-Lastschrift", ["sepa"]],
    ["Amazon Pay", ["amazon_pay"]],
    ["Vorkasse", ["prepayment"]],
    ["Rechnung", ["invoice"]],
    ["Ratenkauf", ["klarna"]],
    ["Nachnahme", ["cash_on_delivery"]],
  ]);
  expect(marked(paymentMethodsForBuild("CH"), ["ch", "li"]).at(-1)).toEqual(["TWINT", ["twint"]]);
  expect(marked(["instant_transfer"], ["nl"])).toEqual([["Sofortüberweisung", ["ideal"]]]);
  expect(marked(["instant_transfer"], ["at"])).toEqual([["Sofortüberweisung", ["eps"]]]);
  expect(marked(["instant_transfer"], ["be"])).toEqual([["Sofortüberweisung", ["bancontact"]]]);
});

test("every mark is drawn inline: an SVG with shapes, hidden from assistive technology (the badge carries the name), nothing fetched", () => {
  const html = markup(PAYMENT_METHODS, ["nl", "at", "be"]);
  const drawn = [...html.matchAll(/data-mark="([^"]*)"/g)].map((match) => match[1]);
  expect(new Set(drawn)).toEqual(new Set(PAYMENT_MARKS));
  for (const svg of html.match(/<svg[^>]*>[\s\S]*?<\/svg>/g) ?? []) {
    expect(svg).toContain('aria-hidden="true"');
    expect(svg).toMatch(/<(path|circle|text|g)\b/);
  }
  expect(html).not.toMatch(/<img|href=|url\(|https?:/);
});

test("an instant transfer with no scheme where the shop delivers is written out, not left empty", () => {
  expect(markup(["instant_transfer"], ["de"])).toContain('<span class="badge-icon">Sofortüberweisung</span>');
});

test("an online method the shop lists shows only with a provider configured for it", () => {
  const listed: PaymentSettings = { paymentMethods: ["prepayment", "paypal", "card", "twint"], paymentProviders: [] };
  expect(badges(offeredPaymentMethods(listed).map((method) => method.code))).toEqual(["Vorkasse"]);
  const withProvider: PaymentSettings = { ...listed, paymentProviders: [{ methods: ["paypal", "card"] }] };
  expect(badges(offeredPaymentMethods(withProvider).map((method) => method.code))).toEqual(["Vorkasse", "PayPal", "Kreditkarte"]);
});

test("every method has a name in every language's checkout texts", () => {
  const languages = ["de", "at", "en", "fr", "it", "nl"];
  for (const language of languages) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const texts = require(`../../../locales/${language}/checkout.json`) as { checkout: { payment: { methods: Record<string, string> } } };
    for (const method of ["prepayment", "invoice", "cash_on_delivery", ...ONLINE_PAYMENT_METHODS]) expect(texts.checkout.payment.methods[method]).toMatch(/\S/);
  }
});

test("the running texts on payment (product drawer, service FAQ) name what every shop offers: PayPal, card, Klarna, Amazon Pay, prepayment with its discount, invoice, instalment purchase, cash on delivery", () => {
  // The texts are fixed words, not the config: when what every shop offers changes, they need rewriting.
  const everywhere = ["paypal", "card", "klarna", "amazon_pay", "prepayment", "invoice", "instalment", "cash_on_delivery"];
  const offeredByAll = SHOPS.map((shop) => paymentMethodsForBuild(shop.id)).reduce<string[]>(
    (common, methods) => common.filter((method) => methods.includes(method as never)),
    [...PAYMENT_METHODS],
  );
  expect(offeredByAll.sort()).toEqual([...everywhere].sort());
  for (const language of ["de", "at", "en", "fr", "it", "nl"]) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const texts = require(`../../../locales/${language}/translation.json`) as { drawers: { paymentText: string }; faq: { payment: { a1: string } } };
    const names = (require(`../../../locales/${language}/checkout.json`) as { checkout: { payment: { methods: Record<string, string> } } }).checkout.payment
      .methods;
    /* eslint-enable @typescript-eslint/no-require-imports */
    for (const text of [texts.drawers.paymentText.toLowerCase(), texts.faq.payment.a1.toLowerCase()]) {
      expect(text).toMatch(new RegExp(`\\b${PREPAYMENT_DISCOUNT_PERCENT}\\s?%`));
      for (const method of everywhere) expect(text).toContain(names[method]!.toLowerCase());
      for (const method of PAYMENT_METHODS.filter((method) => !everywhere.includes(method))) expect(text).not.toContain(names[method]!.toLowerCase());
    }
  }
});
