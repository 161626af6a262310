import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { TFunction } from "i18next";
import { AddToCart, addToCartAlert, MiniCartCounter } from "./AddToCart";
import type { ProductData } from "@site/lib/page-data";

jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({ t: (key: string, options?: Record<string, unknown>) => (options && "count" in options ? `${key}:${options.count}` : key) }),
}));

const t = ((key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

describe("addToCartAlert", () => {
  test("success", () => {
    expect(
      addToCartAlert(
        { ok: true, status: 200, data: { items: [], miniCart: { itemCount: 1, linkToCart: "/checkout/cart/" }, totals: {} as never }, errors: [] },
        t,
      ),
    ).toEqual({ type: "success", message: "cart.added" });
  });
  test("the server's reason, translated with its parameters", () => {
    const result = {
      ok: false,
      status: 422,
      data: null,
      errors: [
        { message: "The given data was invalid.", code: "invalid" },
        { message: "x", code: "minimum_order_quantity", field: "sku", params: { value: "4.4", unit: "m²" } },
      ],
    };
    expect(addToCartAlert(result, t)).toEqual({ type: "error", message: 'cart.errors.minimum_order_quantity {"value":"4.4","unit":"m²"}' });
  });
  test("anything else: the generic failure", () => {
    expect(addToCartAlert({ ok: false, status: 0, data: null, errors: [] }, t)).toEqual({ type: "error", message: "cart.failed" });
    expect(addToCartAlert({ ok: false, status: 500, data: null, errors: [{ message: "Something went wrong. Try again.", code: "general" }] }, t).message).toBe(
      "cart.failed",
    );
  });
});

const product = { isSalable: true, content: { title: "Eiche" } } as unknown as ProductData;

test("server render: counter and a button disabled until hydration", () => {
  const html = renderToStaticMarkup(<AddToCart sku="P-1" product={product} language="de" quantity={3} />);
  expect(html).toContain('data-testid="quantity-counter"');
  expect(html).toContain('value="3"');
  expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="add-to-cart"/);
  const list = renderToStaticMarkup(<AddToCart sku="P-1" product={product} language="de" mode="modal" />);
  expect(list).toContain('data-testid="open-cart-modal"');
  expect(list).not.toContain("quantity-counter");
});

test("mini-cart counter starts at 0", () => {
  expect(renderToStaticMarkup(<MiniCartCounter />)).toContain('data-testid="mini-cart-count">0<');
});
