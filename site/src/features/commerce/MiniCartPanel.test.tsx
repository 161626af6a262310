import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { money } from "@domain/money";
import { MiniCartPanel, type MiniCartView } from "./MiniCartPanel";

jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({
    t: (key: string, params?: Record<string, unknown>) =>
      params
        ? `${key} ${Object.entries(params)
            .map(([name, value]) => `${name}=${String(value)}`)
            .join(" ")}`
        : key,
  }),
}));

const line = (sku: string, quantity: number, minor: number) => ({
  itemId: quantity,
  sku,
  kind: "product" as const,
  name: `Produkt ${sku}`,
  quantity,
  rowTotal: money(minor, "EUR", "de"),
});
const cart: MiniCartView = {
  items: [line("A", 2, 5998), line("B", 13, 123456)],
  miniCart: { itemCount: 2, linkToCart: "/checkout/cart/" },
  totals: { currency: "EUR", goodsValue: money(129454, "EUR", "de") },
};

test("the mini-cart shows the added line as the cart holds it, the cart's count and goods value, the cart link", () => {
  const html = renderToStaticMarkup(<MiniCartPanel cart={cart} sku="B" returnFocus={null} onClose={() => undefined} />);
  expect(html).toContain('role="dialog"');
  expect(html).toContain('aria-labelledby="mini-cart-title"');
  expect(html).toContain("cart.miniCart.line quantity=13 name=Produkt B");
  expect(html).toContain("1.234,56\u00a0€");
  expect(html).toContain("header.cartCount count=2");
  expect(html).toContain("cart.miniCart.total total=1.294,54\u00a0€");
  expect(html).toContain('href="/checkout/cart/"');
});

test("a line the cart no longer holds is left out; count and total still show", () => {
  const html = renderToStaticMarkup(<MiniCartPanel cart={cart} sku="GONE" returnFocus={null} onClose={() => undefined} />);
  expect(html).not.toContain("mini-cart-line");
  expect(html).toContain("header.cartCount count=2");
});
