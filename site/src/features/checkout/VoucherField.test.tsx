import { byTestId, clickOn, closeBrowser, fieldLabelled, mount, typeInto, unmountAll } from "@tests/kit/browser-dom";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { VOUCHER_REFUSALS, type CheckoutQuote } from "@domain/checkout";
import { money } from "@domain/money";
import { checkoutQuote } from "@tests/kit/checkout-quote";
import type { ApiResult } from "@site/api/client";
import { CartSummary } from "./CartSummary";
import { OrderSummary } from "./OrderSummary";
import { VoucherField, type VoucherActions } from "./VoucherField";
import { voucherErrorText } from "./cart-texts";
import { ERROR_CODES } from "./order-texts";

jest.mock("./checkout.css", () => ({}));
jest.mock("gatsby", () => ({
  Link: ({ to, children, ...rest }: { to: string; children: React.ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));
// The visitor's words: the German locale through the pages' i18n runtime.
jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("de"),
);

const m = (minor: number) => money(minor, "EUR", "de");
const CODE = "DE-7KQ2-M9XH-4TPB";

/** The kit's checkout quote with one delivery mode, invoice only, no samples. */
function quote(extra: Partial<CheckoutQuote> = {}): CheckoutQuote {
  const base = checkoutQuote();
  return checkoutQuote({
    countries: [base.country],
    lines: base.lines.map((line) => ({ ...line, link: null })),
    samples: [],
    modes: base.modes.filter((mode) => mode.mode === "standard"),
    paymentMethods: base.paymentMethods.filter((method) => method.code === "invoice"),
    ...extra,
  });
}

const withVoucher = (validUntil: string | null = null): CheckoutQuote =>
  quote({
    voucher: { code: CODE, amount: m(1000), validUntil },
    totals: { goods: m(8985), discount: m(0), voucher: m(1000), shipping: m(595), tax: m(1370), taxLabel: "inkl. 19 % MwSt.", grand: m(8580) },
    expectedTotal: 8580,
  });

const answer = (status: number, data: CheckoutQuote | null, errors: ApiResult<unknown>["errors"] = []): ApiResult<CheckoutQuote> => ({
  ok: status === 200 && data !== null,
  status,
  data,
  errors,
});

/** The field on a page that takes the calls' answers as its quote, as the cart page's swr cache does. */
async function renderField(initial: CheckoutQuote, answers: { apply?: ApiResult<CheckoutQuote>; remove?: ApiResult<CheckoutQuote> }) {
  const calls: string[] = [];
  function Page() {
    const [current, setCurrent] = React.useState(initial);
    const actions: VoucherActions = {
      async apply(code) {
        calls.push(`apply ${code}`);
        const result = answers.apply ?? answer(0, null);
        if (result.ok) setCurrent(result.data!);
        return result;
      },
      async remove() {
        calls.push("remove");
        const result = answers.remove ?? answer(0, null);
        if (result.ok) setCurrent(result.data!);
        return result;
      },
    };
    return <VoucherField quote={current} language="de" busy={false} actions={actions} />;
  }
  const container = await mount(<Page />);
  return { container, calls };
}

const submit = (container: HTMLElement) => clickOn(byTestId(container, "voucher-apply"));

afterAll(() => closeBrowser());
afterEach(() => unmountAll());

describe("the voucher field", () => {
  test("an empty code is not sent: the field says what is missing", async () => {
    const { container, calls } = await renderField(quote(), {});
    await typeInto(fieldLabelled(container, "Gutscheincode"), "   ");
    await submit(container);
    expect(calls).toEqual([]);
    expect(byTestId(container, "voucher-error")?.textContent).toBe("Bitte geben Sie einen Gutscheincode ein.");
    expect(byTestId(container, "voucher-code")?.getAttribute("aria-invalid")).toBe("true");
  });

  test("a code is sent as typed; once applied the voucher shows with its value, last day and the way to remove it", async () => {
    const { container, calls } = await renderField(quote(), { apply: answer(200, withVoucher("2026-12-31")), remove: answer(200, quote()) });
    await typeInto(fieldLabelled(container, "Gutscheincode"), " de7kq2m9xh4tpb ");
    await submit(container);
    expect(calls).toEqual(["apply  de7kq2m9xh4tpb "]);
    expect(byTestId(container, "voucher-error")).toBeNull();
    expect(byTestId(container, "voucher-applied")?.textContent).toContain(`Gutschein ${CODE} über 10,00\u00a0€`);
    expect(byTestId(container, "voucher-applied")?.textContent).toContain("gültig bis 31.12.2026");
    expect(byTestId(container, "voucher-status")?.textContent).toBe(`Der Gutschein ${CODE} wurde hinzugefügt.`);
    const removeButton = byTestId(container, "voucher-remove");
    expect(removeButton?.getAttribute("aria-label")).toBe(`Gutschein ${CODE} entfernen`);
    await clickOn(removeButton);
    expect(calls).toEqual(["apply  de7kq2m9xh4tpb ", "remove"]);
    expect(byTestId(container, "voucher-applied")).toBeNull();
    expect(byTestId(container, "voucher-code")).not.toBeNull();
    expect(byTestId(container, "voucher-status")?.textContent).toBe("Der Gutschein wurde entfernt.");
  });

  test.each([
    [404, "voucher_not_found", "Dieser Gutscheincode ist ungültig. Bitte prüfen Sie Ihre Eingabe."],
    [409, "voucher_redeemed", "Dieser Gutschein wurde bereits eingelöst."],
    [409, "voucher_expired", "Dieser Gutschein ist abgelaufen."],
    [429, "rate_limited", "Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut."],
    [500, "general", "Der Gutschein konnte nicht eingelöst werden. Bitte versuchen Sie es erneut."],
  ])("a refusal %i %s is said in the shop's language, never the API's English", async (status, code, text) => {
    const refusal = answer(status, null, [{ message: "This voucher code is not valid.", code, field: "code" }]);
    const { container } = await renderField(quote(), { apply: refusal });
    await typeInto(fieldLabelled(container, "Gutscheincode"), "DE-0000-0000-0000");
    await submit(container);
    const error = byTestId(container, "voucher-error");
    expect(error?.textContent).toBe(text);
    expect(error?.getAttribute("role")).toBe("alert");
    expect(container.textContent).not.toContain("This voucher");
    // the code stays for a correction
    expect((byTestId(container, "voucher-code") as HTMLInputElement).value).toBe("DE-0000-0000-0000");
  });

  test("no connection: the general words", async () => {
    const { container } = await renderField(quote(), { apply: answer(0, null) });
    await typeInto(fieldLabelled(container, "Gutscheincode"), CODE);
    await submit(container);
    expect(byTestId(container, "voucher-error")?.textContent).toBe("Der Gutschein konnte nicht eingelöst werden. Bitte versuchen Sie es erneut.");
  });

  test("a voucher the quote had to leave out is named with why", async () => {
    const { container } = await renderField(quote({ notices: [{ code: "voucher_redeemed", params: { code: CODE } }] }), {});
    expect(byTestId(container, "voucher-notice")?.textContent).toBe(
      `Der Gutschein ${CODE} wurde inzwischen mit einer anderen Bestellung eingelöst und wird nicht mehr berücksichtigt.`,
    );
  });
});

describe("the voucher line", () => {
  test("the cart's summary and the checkout's order summary show it after the discount", () => {
    const cart = renderToStaticMarkup(<CartSummary quote={withVoucher()} language="de" checkoutHref="/checkout/" busy={false} />);
    expect(cart).toContain(`<dt>Gutschein ${CODE}</dt><dd data-testid="total-voucher">−10,00\u00a0€</dd>`);
    expect(cart).toContain('data-testid="total-grand">85,80\u00a0€<');
    const summary = renderToStaticMarkup(<OrderSummary quote={withVoucher()} lineErrors={new Map()} cartHref="/checkout/cart/" />);
    expect(summary).toContain(`<dt>Gutschein ${CODE}</dt><dd data-testid="summary-voucher">−10,00\u00a0€</dd>`);
    const none = renderToStaticMarkup(<CartSummary quote={quote()} language="de" checkoutHref="/checkout/" busy={false} />);
    expect(none).not.toContain("total-voucher");
    const left = renderToStaticMarkup(
      <OrderSummary quote={quote({ notices: [{ code: "voucher_expired", params: { code: CODE } }] })} lineErrors={new Map()} cartHref="/checkout/cart/" />,
    );
    expect(left).toContain(`Der Gutschein ${CODE} ist abgelaufen und wird nicht mehr berücksichtigt.`);
  });
});

describe("the words in every shop language", () => {
  const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"];
  const texts = (language: string) =>
    JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "..", "locales", language, "checkout.json"), "utf8")) as {
      cart: { voucher: Record<string, unknown> & { errors: Record<string, string>; notices: Record<string, string> }; totals: Record<string, string> };
      checkout: { summary: Record<string, string>; errors: Record<string, string> };
    };

  test.each(LANGUAGES)("%s has the field, every refusal and notice, and the voucher lines", (language) => {
    const { cart, checkout } = texts(language);
    for (const key of ["title", "label", "apply", "applying", "remove", "removeLabel", "info", "validUntil", "applied", "removed"])
      expect(typeof cart.voucher[key]).toBe("string");
    for (const code of [...VOUCHER_REFUSALS, "rate_limited", "required", "general"]) expect(cart.voucher.errors[code]).toEqual(expect.any(String));
    for (const code of VOUCHER_REFUSALS) {
      expect(cart.voucher.notices[code]).toContain("{{code}}");
      expect(checkout.errors[code]).toEqual(expect.any(String));
      expect(ERROR_CODES).toContain(code);
    }
    expect(cart.totals.voucher).toContain("{{code}}");
    expect(checkout.summary.voucher).toContain("{{code}}");
    // written in the language, not copied from English (Austrian German may equal German)
    if (language !== "en") expect(cart.voucher.errors.voucher_redeemed).not.toBe(texts("en").cart.voucher.errors.voucher_redeemed);
  });

  test("the refusal's words come from the code; an unknown code falls back to the general text", () => {
    const t = ((key: string) => key) as unknown as Parameters<typeof voucherErrorText>[0];
    expect(voucherErrorText(t, { status: 409, errors: [{ message: "x", code: "voucher_expired" }] })).toBe("cart.voucher.errors.voucher_expired");
    expect(voucherErrorText(t, { status: 422, errors: [{ message: "x", code: "invalid", field: "code" }] })).toBe("cart.voucher.errors.required");
    expect(voucherErrorText(t, { status: 409, errors: [{ message: "x", code: "cart_changed" }] })).toBe("cart.voucher.errors.general");
  });
});
