import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SWRConfig } from "swr";
import type { TFunction } from "i18next";
import type { CheckoutQuote, QuoteLine, QuoteMode } from "@domain/checkout";
import { money } from "@domain/money";
import { CartPage } from "./CartPage";
import { CartLine } from "./CartLines";
import { CartSummary } from "./CartSummary";
import { DeliveryOptions } from "./DeliveryOptions";
import { blockedReasons, changeErrorText, modeReasonText } from "./cart-texts";
import { sortedCountries } from "@domain/countries";
import { quoteKey } from "./useQuote";

jest.mock("./checkout.css", () => ({}));
jest.mock("gatsby", () => ({
  Link: ({ to, children, ...rest }: { to: string; children: React.ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));
/** Keys with their parameters, so a test sees which words and which values a screen chose. */
const t = ((key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length > 0 ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;
jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({
    t: (key: string, params?: Record<string, unknown>) => (params && Object.keys(params).length > 0 ? `${key} ${JSON.stringify(params)}` : key),
  }),
}));

const m = (minor: number) => money(minor, "EUR", "de");
const german = { domainPrefixes: [] as string[] };
const swiss = { domainPrefixes: ["de", "fr", "it"] };

function line(extra: Partial<QuoteLine> = {}): QuoteLine {
  return {
    itemId: 7,
    sku: "FLOOR-1",
    kind: "product",
    name: "Eiche Landhausdiele",
    link: "/eiche-landhausdiele.html",
    image: { src: "/images/floor-1.jpg", alt: "Eiche Landhausdiele" },
    quantity: 3,
    packageContent: 2.2,
    packageContentBefore: null,
    unit: "SQM",
    unitLabel: "m²",
    packagePrice: m(2995),
    unitPrice: m(1361),
    rowTotal: m(8985),
    minimumQuantity: 1,
    maxQuantity: 100,
    offerId: null,
    problem: null,
    ...extra,
  };
}

const mode = (code: QuoteMode["mode"], extra: Partial<QuoteMode> = {}): QuoteMode => ({
  mode: code,
  available: true,
  reason: null,
  cost: m(595),
  date: "2026-11-20",
  latestDate: "2026-11-24",
  ...extra,
});

function quoteOf(extra: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return {
    currency: "EUR",
    country: { code: "de", name: "Deutschland" },
    countries: [
      { code: "de", name: "Deutschland" },
      { code: "nl", name: "Niederlande" },
      { code: "be", name: "Belgien" },
    ],
    lines: [line()],
    samples: [],
    modes: [
      mode("standard"),
      mode("requested_date", { latestDate: "2027-11-18" }),
      mode("on_call_storage", { available: false, reason: "account_required", cost: null, date: null, latestDate: null }),
      mode("express", { available: false, reason: "items", cost: null, date: null, latestDate: null }),
    ],
    mode: "standard",
    desiredDate: { earliest: "2026-11-20", latest: "2027-11-18" },
    shipping: { group: "parcel", cost: m(595), isFree: false, freeFrom: m(120_000), noFreeShipping: null, isIsland: false, surcharges: [] },
    prepayment: { percent: 2, saving: m(180) },
    paymentMethods: [{ code: "prepayment", kind: "offline" }],
    voucher: null,
    totals: { goods: m(8985), discount: m(0), voucher: null, shipping: m(595), tax: m(1529), taxLabel: "inkl. 19% MwSt.", grand: m(9580) },
    notices: [],
    expectedTotal: 9580,
    canCheckout: true,
    problems: [],
    ...extra,
  };
}

/** Static markup with the quotes of attribute-free text unescaped, so assertions read the words and values as the visitor does. */
const markup = (element: React.ReactElement) =>
  renderToStaticMarkup(element)
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

/** The whole page as it renders with this quote in the swr cache (the request a fresh tab makes: standard, no date). */
function page(quote: CheckoutQuote, shop = german, language = "de"): string {
  return markup(
    <SWRConfig value={{ provider: () => new Map(), fallback: { [quoteKey({ mode: "standard" })]: quote } }}>
      <CartPage shop={shop} language={language} worlds={[{ name: "Parkett", path: "/parkett.html" }]} />
    </SWRConfig>,
  );
}

describe("the cart page", () => {
  test("a line: image, name linking to the product, SKU, package and unit price, counter, remove, line total", () => {
    const html = page(quoteOf());
    expect(html).toContain('href="/eiche-landhausdiele.html"');
    expect(html).toContain(">Eiche Landhausdiele</a>");
    expect(html).toContain('alt="Eiche Landhausdiele"');
    expect(html).toContain('cart.sku {"sku":"FLOOR-1"}');
    expect(html).toContain('cart.packagePrice {"price":"29,95\u00a0€","content":"2,2 m²"}');
    expect(html).toContain('cart.unitPrice {"price":"13,61\u00a0€","unit":"m²"}');
    expect(html).toContain('data-testid="quantity-counter"');
    expect(html).toContain('value="3"');
    expect(html).toContain('data-testid="remove-line"');
    expect(html).toMatch(/data-testid="line-total">.*89,85\u00a0€<\/p>/);
  });

  test("totals with the tax text, shipping, the prepayment saving and the way to the checkout", () => {
    const html = page(quoteOf());
    expect(html).toContain('data-testid="total-goods">89,85\u00a0€');
    expect(html).toContain('data-testid="total-shipping">5,95\u00a0€');
    expect(html).toContain('data-testid="total-grand">95,80\u00a0€');
    expect(html).toContain("<dt>inkl. 19% MwSt.</dt>");
    expect(html).toContain('cart.totals.prepayment {"amount":"1,80\u00a0€","percent":2}');
    expect(html).toContain('cart.shipping.freeFromMissing {"value":"1.200,00\u00a0€","country":"Deutschland","missing":"1.110,15\u00a0€"}');
    expect(html).toMatch(/<a href="\/checkout\/" class="button primary cart-checkout" data-testid="to-checkout">cart.checkout<\/a>/);
    // the Swiss shop in French: its prefix
    expect(page(quoteOf(), swiss, "fr")).toContain('href="/fr/checkout/"');
  });

  test("unavailable modes stay visible, disabled, with their reason in words; available ones with their dates", () => {
    const html = page(quoteOf());
    expect(html).toMatch(/<input type="radio" id="cart-mode-express"[^>]*disabled=""/);
    expect(html).toMatch(/<input type="radio" id="cart-mode-on_call_storage"[^>]*disabled=""/);
    expect(html).not.toMatch(/<input type="radio" id="cart-mode-standard"[^>]*disabled=""/);
    expect(html).toMatch(/<input type="radio" id="cart-mode-standard"[^>]*checked=""/);
    expect(html).toContain('data-testid="mode-reason">cart.reasons.items</p>');
    expect(html).toContain('data-testid="mode-reason">cart.reasons.account_required</p>');
    // the delivery window as the checkout page and the confirmation mail write it (domain/delivery-window.ts)
    expect(html).toContain('cart.modeHints.between {"from":"20.11.","to":"24.11.2026"}');
    expect(html).toContain('cart.modeHints.requested_date {"from":"20.11.2026","to":"18.11.2027"}');
  });

  test("the storage minimum is named in the shop's currency", () => {
    expect(modeReasonText(t, "minimum_order_value", "CHF", "fr")).toBe('cart.reasons.minimum_order_value {"value":"CHF\u00a01’200.00"}');
    expect(modeReasonText(t, "minimum_order_value", "EUR", "de")).toBe('cart.reasons.minimum_order_value {"value":"1.200,00\u00a0€"}');
    expect(modeReasonText(t, "island", "EUR", "de")).toBe("cart.reasons.island");
  });

  test("a requested date: a native date input bounded by the earliest and latest day, its problem shown at it", () => {
    const html = markup(
      <DeliveryOptions
        quote={quoteOf({ mode: "requested_date", canCheckout: false, problems: ["desired_date_too_early"] })}
        language="de"
        chosen="requested_date"
        desiredDate="2026-11-19"
        postcode=""
        busy={false}
        onCountry={() => undefined}
        onPostcode={() => undefined}
        onMode={() => undefined}
        onDesiredDate={() => undefined}
      />,
    );
    expect(html).toMatch(/<input id="cart-desired-date" type="date" min="2026-11-20" max="2027-11-18" required="" aria-invalid="true"[^>]*value="2026-11-19"/);
    expect(html).toMatch(/role="alert">cart\.blocked\.desired_date_too_early \{"earliest":"[^"]*20\.11\.2026"/);
    // the postcode for islands only for Germany
    expect(html).toContain('id="cart-postcode"');
    expect(
      renderToStaticMarkup(
        <DeliveryOptions
          quote={quoteOf({ country: { code: "nl", name: "Niederlande" } })}
          language="de"
          chosen="standard"
          desiredDate={null}
          postcode=""
          busy={false}
          onCountry={() => undefined}
          onPostcode={() => undefined}
          onMode={() => undefined}
          onDesiredDate={() => undefined}
        />,
      ),
    ).not.toContain('id="cart-postcode"');
  });

  test("checkout blocked: a disabled button and what stands in the way, once each", () => {
    const quote = quoteOf({
      lines: [
        line({ problem: { code: "out_of_stock" } }),
        line({ itemId: 8, sku: "LOW-1", problem: { code: "quantity_unavailable", params: { available: 1 } } }),
      ],
      canCheckout: false,
      problems: ["out_of_stock", "quantity_unavailable"],
    });
    const html = page(quote);
    expect(html).toMatch(/<button type="button" class="button primary cart-checkout" disabled="" aria-describedby="cart-blocked" data-testid="to-checkout">/);
    expect(html).not.toContain('href="/checkout/"');
    expect(html.match(/cart\.blocked\.lines/g)).toHaveLength(1);
    expect(html).toContain('data-testid="line-problem">cart.problems.out_of_stock</p>');
    expect(html).toContain('cart.problems.quantity_unavailable {"available":1}');
    const notDeliverable = page(quoteOf({ shipping: null, canCheckout: false, problems: ["not_deliverable"] }));
    expect(notDeliverable).toContain("<li>cart.blocked.not_deliverable</li>");
    expect(notDeliverable).toContain('data-testid="total-shipping">–');
  });

  test("island, decking and abroad: why shipping is never free, and the surcharge", () => {
    const island = markup(
      <CartSummary
        quote={quoteOf({
          shipping: {
            group: "freight",
            cost: m(7400),
            isFree: false,
            freeFrom: null,
            noFreeShipping: "island",
            isIsland: true,
            surcharges: [{ type: "offshore", amount: m(1500) }],
          },
        })}
        language="de"
        checkoutHref="/checkout/"
        busy={false}
      />,
    );
    expect(island).toContain("cart.shipping.surcharges.offshore");
    expect(island).toContain('cart.shipping.included {"amount":"15,00\u00a0€"}');
    expect(island).toContain('data-testid="shipping-island">cart.shipping.notFree.island');
    expect(island).toContain('data-testid="shipping-group">cart.shipping.groups.freight');
    expect(island).not.toContain("freeFrom");
    const free = renderToStaticMarkup(
      <CartSummary
        quote={quoteOf({
          shipping: { group: "parcel", cost: m(0), isFree: true, freeFrom: m(120_000), noFreeShipping: null, isIsland: false, surcharges: [] },
        })}
        language="de"
        checkoutHref="/checkout/"
        busy={false}
      />,
    );
    expect(free).toContain('data-testid="total-shipping">cart.shipping.free');
  });

  test("counter bounds: the line's minimum order quantity and the stock left", () => {
    const render = (extra: Partial<QuoteLine>) =>
      renderToStaticMarkup(<CartLine line={line(extra)} language="de" busy={false} onQuantity={async () => true} onRemove={() => undefined} />);
    const atMinimum = render({ quantity: 2, minimumQuantity: 2 });
    expect(atMinimum).toMatch(/aria-label="quantity.decrease" disabled=""/);
    expect(atMinimum).not.toMatch(/aria-label="quantity.increase" disabled=""/);
    const atStock = render({ quantity: 3, maxQuantity: 3 });
    expect(atStock).toMatch(/aria-label="quantity.increase" disabled=""/);
    expect(atStock).not.toMatch(/aria-label="quantity.decrease" disabled=""/);
    const free = render({ quantity: 3 });
    expect(free).not.toMatch(/disabled=""/);
  });

  test("a line whose pack content changed since its packages were chosen says so, with the current content and what the packages hold now", () => {
    const render = (extra: Partial<QuoteLine>) =>
      renderToStaticMarkup(<CartLine line={line(extra)} language="fr" busy={false} onQuantity={async () => true} onRemove={() => undefined} />);
    expect(render({})).not.toContain("package-content-changed");
    const changed = render({ quantity: 13, packageContent: 2.98, packageContentBefore: 2.2 });
    expect(changed).toContain(
      'data-testid="package-content-changed">cart.packageContentChanged {&quot;now&quot;:&quot;2,98 m²&quot;,&quot;before&quot;:&quot;2,2 m²&quot;,&quot;total&quot;:&quot;38,74 m²&quot;}',
    );
    // The line's prices are the current pack content's.
    expect(changed).toContain("cart.packagePrice {&quot;price&quot;:&quot;29,95\u00a0€&quot;,&quot;content&quot;:&quot;2,98 m²&quot;}");
  });

  test("samples: listed, free, removable; alone they do not make an order", () => {
    const html = page(
      quoteOf({
        lines: [],
        samples: [{ itemId: 9, sku: "S-1", name: "Muster Eiche", link: "/muster-eiche.html", image: null }],
        shipping: null,
        canCheckout: false,
        problems: ["cart_empty"],
      }),
    );
    expect(html).toContain('data-testid="cart-sample" data-sku="S-1"');
    expect(html).toContain("cart.samples.free");
    expect(html).toContain("<li>cart.blocked.cart_empty</li>");
    expect(html).not.toContain('data-testid="cart-delivery"');
  });

  test("an empty cart helps on: the worlds, the search, samples, home", () => {
    const html = page(quoteOf({ lines: [], samples: [], shipping: null, canCheckout: false, problems: ["cart_empty"] }), swiss, "it");
    expect(html).toContain('data-testid="cart-empty"');
    expect(html).toContain('href="/parkett.html"');
    expect(html).toContain('data-testid="cart-empty-search"');
    expect(html).toContain("cart.empty.samples");
    expect(html).toMatch(/href="\/it\/"[^>]*data-testid="cart-empty-home"/);
    expect(html).not.toContain('data-testid="cart-summary"');
  });

  test("before the quote arrives: the frame says it is loading", () => {
    const html = renderToStaticMarkup(
      <SWRConfig value={{ provider: () => new Map() }}>
        <CartPage shop={german} language="de" worlds={[]} />
      </SWRConfig>,
    );
    expect(html).toContain('data-testid="cart-loading"');
  });
});

describe("the cart page's words", () => {
  test("a refused change shows the field error's words, with its values; anything else the generic failure", () => {
    expect(
      changeErrorText(t, {
        status: 422,
        errors: [
          { message: "The given data was invalid.", code: "invalid" },
          { message: "x", code: "minimum_order_quantity", field: "quantity", params: { value: "4,4", unit: "m²" } },
        ],
      }),
    ).toBe('cart.problems.minimum_order_quantity {"value":"4,4","unit":"m²"}');
    expect(changeErrorText(t, { status: 404, errors: [{ message: "This page could not be found", code: "not_found" }] })).toBe("cart.problems.not_found");
    expect(changeErrorText(t, { status: 429, errors: [{ message: "Something went wrong. Try again.", code: "rate_limited" }] })).toBe("cart.changeFailed");
    expect(changeErrorText(t, { status: 0, errors: [] })).toBe("cart.changeFailed");
  });

  test("what blocks the checkout, once each", () => {
    const quote = quoteOf({ problems: ["not_deliverable", "end_of_life", "out_of_stock", "desired_date_too_late"] });
    expect(blockedReasons(t, quote, "de")).toEqual([
      "cart.blocked.not_deliverable",
      "cart.blocked.lines",
      expect.stringMatching(/^cart\.blocked\.desired_date_too_late \{"earliest":".*","latest":".*18\.11\.2027"\}$/),
    ]);
  });

  test("countries with the shop's own first", () => {
    expect(sortedCountries(quoteOf().countries, "de").map((c) => c.code)).toEqual(["de", "be", "nl"]);
  });

  test("the quote request: a date only with a requested date, a postcode only when it is one", () => {
    expect(quoteKey({ mode: "standard", desiredDate: "2026-12-01", postcode: "251" })).toBe("/apiv2/checkout/quote?mode=standard");
    expect(quoteKey({ mode: "requested_date", desiredDate: "2026-12-01", postcode: "25980" })).toBe(
      "/apiv2/checkout/quote?mode=requested_date&desiredDate=2026-12-01&postcode=25980",
    );
  });
});
