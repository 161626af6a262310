import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SWRConfig } from "swr";
import type { TFunction } from "i18next";
import type { CheckoutQuote } from "@domain/checkout";
import { money } from "@domain/money";
import { checkoutQuote } from "@tests/kit/checkout-quote";
import type { VisitorOrderView } from "@domain/api/orders";
import { AddressSuggest } from "./AddressSuggest";
import { CheckoutPage } from "./CheckoutPage";
import { checkoutQuoteKey } from "./checkout-api";
import { legalLinks, type LegalLinks } from "./legal-links";
import { nextSteps, orderNumberOf, OrderSuccessPage } from "./OrderSuccessPage";

jest.mock("./checkout-page.css", () => ({}));
jest.mock("./address-suggest.css", () => ({}));
jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({
    t: (key: string, options?: Record<string, unknown>) => (options && Object.keys(options).length ? `${key} ${JSON.stringify(options)}` : key),
  }),
}));

const t = ((key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;
const eur = (minor: number) => money(minor, "EUR", "de");
const SHOP = { domainPrefixes: [] as string[], deliveryCountries: ["de", "at"] };

/** The checkout as the browser first renders it, the quote already fetched. */
function renderCheckout(
  answer: CheckoutQuote | undefined,
  legal: LegalLinks = { terms: null, withdrawal: "/widerrufsrecht.html", privacy: "/datenschutz.html" },
) {
  const key = checkoutQuoteKey({ country: null, postcode: "", mode: "standard", desiredDate: null, payment: null });
  return renderToStaticMarkup(
    <SWRConfig value={{ provider: () => new Map(), fallback: answer ? { [key]: answer } : {} }}>
      <CheckoutPage shop={SHOP} language="de" legal={legal} />
    </SWRConfig>,
  ).replace(/&quot;/g, '"');
}

test("the quote asks with the billing country and VAT ID once one is filled in (the reverse charge), never with a malformed one", () => {
  const base = { country: "nl", postcode: "", mode: "standard" as const, desiredDate: null, payment: null };
  expect(checkoutQuoteKey({ ...base, vatId: " NL123456789B01 ", billingCountry: "nl" })).toBe(
    "/apiv2/checkout/quote?country=nl&mode=standard&billingCountry=nl&vatId=NL123456789B01",
  );
  expect(checkoutQuoteKey({ ...base, vatId: "", billingCountry: "nl" })).toBe("/apiv2/checkout/quote?country=nl&mode=standard");
  expect(checkoutQuoteKey({ ...base, vatId: "NL1".padEnd(60, "1"), billingCountry: "nl" })).toBe("/apiv2/checkout/quote?country=nl&mode=standard");
  expect(checkoutQuoteKey({ ...base, vatId: "NL123456789B01", billingCountry: "n&l" })).toBe("/apiv2/checkout/quote?country=nl&mode=standard");
});

describe("the checkout page", () => {
  test("the form: e-mail, the billing address, delivery modes with the reason one is unavailable, the quote's payment methods, terms with their links, the summary", () => {
    const html = renderCheckout(checkoutQuote());
    expect(html).toContain('id="checkout-email"');
    expect(html).toContain('name="billingAddress.firstname"');
    expect(html).toContain('name="billingAddress.street"');
    expect(html).toMatch(/<select[^>]*name="billingAddress.countryCode"/);
    expect(html).toContain('<option value="at">Österreich</option>');
    // the shipping address only after "different address"
    expect(html).toContain('data-testid="different-shipping"');
    expect(html).not.toContain('name="shippingAddress.street"');
    // no company yet, private customer: no VAT ID field
    expect(html).not.toContain('name="billingAddress.vatId"');
    // modes from the quote; storage unavailable with its reason
    expect(html).toMatch(/data-testid="delivery-mode-on_call_storage"><input type="radio" disabled="" name="deliveryMode" value="on_call_storage"/);
    expect(html).toMatch(/data-testid="delivery-mode-express"><input type="radio" name="deliveryMode" value="express"/);
    expect(html).toContain("checkout.reasons.account_required");
    expect(html).toContain('checkout.delivery.on {"date":"19.11.2026"}');
    expect(html).toContain('checkout.delivery.between {"from":"20.11.","to":"24.11.2026"}');
    // payment methods: exactly the quote's; prepayment names its saving
    expect(html).toContain('data-testid="payment-method-prepayment"');
    expect(html).toContain('data-testid="payment-method-invoice"');
    expect(html).not.toContain("payment-method-cash_on_delivery");
    expect(html).toContain('checkout.payment.hints.prepayment {"amount":"1,80\u00a0€","percent":2}');
    // terms: the text with the pages the shop has (no terms page here: plain text)
    expect(html).toContain('data-testid="accept-terms"');
    expect(html).toContain('href="/datenschutz.html"');
    // summary from the quote
    expect(html).toContain("Eiche Landhausdiele");
    expect(html).toContain('data-testid="summary-grand-total">95,80\u00a0€<');
    expect(html).toContain("Muster Eiche");
    expect(html).toMatch(/<button type="submit"[^>]*data-testid="place-order"/);
  });

  test("a shop without legal pages: the acceptance text without links (the text's links: order-texts.test.ts)", () => {
    const html = renderCheckout(checkoutQuote(), { terms: null, withdrawal: null, privacy: null });
    expect(html).toContain("<span>checkout.terms.label</span>");
    expect(html).not.toContain('target="_blank"');
  });

  test("an empty cart: no form, the way back", () => {
    const html = renderCheckout(checkoutQuote({ lines: [], samples: [], canCheckout: false, problems: ["cart_empty"] }));
    expect(html).toContain('data-testid="checkout-empty"');
    expect(html).not.toContain("<form");
  });

  test("a cart the order cannot take: the problem shown, ordering disabled", () => {
    const html = renderCheckout(checkoutQuote({ canCheckout: false, problems: ["out_of_stock"] }));
    expect(html).toContain("checkout.blocked.out_of_stock");
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*data-testid="place-order"/);
  });

  test("before the quote: loading", () => {
    expect(renderCheckout(undefined)).toContain("checkout.loading");
  });
});

test("the legal pages are found by their CMS identifiers in every language", () => {
  expect(
    legalLinks([
      { identifier: "impressum", path: "/impressum.html" },
      { identifier: "agb", path: "/agb.html" },
      { identifier: "droit-de-retractation", path: "/fr/droit-de-retractation.html" },
      { identifier: "datenschutz", path: "/datenschutz.html" },
    ]),
  ).toEqual({ terms: "/agb.html", withdrawal: "/fr/droit-de-retractation.html", privacy: "/datenschutz.html" });
  expect(legalLinks([])).toEqual({ terms: null, withdrawal: null, privacy: null });
});

describe("address suggestions in a form", () => {
  const input = { name: "street", onChange: async () => true, onBlur: async () => true, ref: () => undefined };
  test("without a lookup: a plain input", () => {
    const html = renderToStaticMarkup(<AddressSuggest id="s" enabled={false} country="de" input={input} onSelect={() => undefined} />);
    expect(html).toMatch(/^<input id="s" type="text" name="street"\/>$/);
  });
  test("with one: a combobox with its (empty, hidden) list", () => {
    const html = renderToStaticMarkup(<AddressSuggest id="s" enabled country="de" input={input} onSelect={() => undefined} />);
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-controls="s-suggestions"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toMatch(/<ul id="s-suggestions" role="listbox"[^>]*hidden=""/);
  });
});

describe("the success page", () => {
  const order = (extra: Partial<VisitorOrderView> = {}): VisitorOrderView => ({
    orderNumber: "DE-100001",
    state: "placed",
    placedAt: "2026-11-18T08:00:00.000Z",
    confirmedAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    email: "erika@example.com",
    billingAddress: null,
    shippingAddress: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" },
    deliveryMode: "standard",
    desiredDate: null,
    delivery: { date: "2026-11-20", latestDate: "2026-11-24" },
    paymentMethod: "prepayment",
    paymentState: null,
    paymentInstructions: {
      bankAccount: { holder: "Bodenhaus GmbH", bank: "Musterbank", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" },
      reference: "DE-100001",
      amount: eur(9400),
    },
    currency: "EUR",
    lines: [],
    totals: {
      goods: eur(8985),
      prepaymentDiscount: eur(180),
      voucher: null,
      shipping: eur(595),
      tax: { isIncluded: true, amount: eur(1501), label: "inkl. 19 % MwSt." },
      grandTotal: eur(9400),
    },
    ...extra,
  });

  test("the order number comes from the query, only when it can be one", () => {
    expect(orderNumberOf("?order=DE-100001")).toBe("DE-100001");
    expect(orderNumberOf("?order=de-100001")).toBe("DE-100001");
    expect(orderNumberOf("?order=DE-100001%27%20OR%201%3D1")).toBeNull();
    expect(orderNumberOf("?order=https://evil.example")).toBeNull();
    expect(orderNumberOf("")).toBeNull();
  });

  test("what happens next: the mail, the transfer for prepayment, the delivery window, shipping notice, withdrawal", () => {
    expect(nextSteps(order(), t, "de")).toEqual([
      'checkout.success.next.confirmation {"email":"erika@example.com"}',
      'checkout.success.next.prepayment {"amount":"94,00\u00a0€"}',
      'checkout.success.next.between {"from":"20.11.","to":"24.11.2026"}',
      "checkout.success.next.shipped",
      "checkout.success.next.withdrawal",
    ]);
  });

  test("an online payment still being confirmed; a requested date; storage", () => {
    const online = nextSteps(order({ paymentMethod: "paypal", paymentState: "pending", paymentInstructions: null }), t, "de");
    expect(online[1]).toBe("checkout.success.next.onlinePending");
    expect(
      nextSteps(order({ deliveryMode: "requested_date", desiredDate: "2026-12-01", delivery: { date: "2026-12-01", latestDate: "2026-12-01" } }), t, "fr")[2],
    ).toBe('checkout.success.next.requested {"date":"01/12/2026"}');
    expect(nextSteps(order({ deliveryMode: "on_call_storage", delivery: { date: "2026-11-20", latestDate: "2026-11-24" } }), t, "de")[2]).toBe(
      "checkout.success.next.storage",
    );
  });

  test("rendered before the page knows its query: loading, nothing of an order", () => {
    const html = renderToStaticMarkup(
      <SWRConfig value={{ provider: () => new Map() }}>
        <OrderSuccessPage shop={SHOP} language="de" />
      </SWRConfig>,
    );
    expect(html).toContain("checkout.success.loading");
    expect(html).not.toContain("DE-100001");
  });
});
