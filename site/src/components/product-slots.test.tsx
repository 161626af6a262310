/**
 * The product page's delivery box promises a delivery date only for a product that can be ordered: none for one out of
 * stock or at its end of life (its stock notice says why), as the search's list names no delivery time for it.
 */
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { testProduct } from "@tests/kit/site";
import { DeliveryBoxSlot } from "./product-slots";

jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({ t: (key: string) => key }),
  useI18next: () => ({ routed: false }),
}));
jest.mock("gatsby", () => ({ Link: () => null, navigate: () => undefined }));
jest.mock("./slots", () => ({ PendingButton: () => null, useHydrated: () => true, usePagePaths: () => ({}) }));
// The box itself loads later (lib/lazy.ts): a marker stands in for it here.
jest.mock("../lib/lazy", () => ({ lazyOnIdle: () => () => <div data-testid="delivery-box" /> }));

const box = (changes: { isOutOfStock?: boolean; reachedEOF?: boolean }) => {
  const product = { ...testProduct("EUR", "de"), ...changes };
  return renderToStaticMarkup(<DeliveryBoxSlot sku={product.sku} product={product} language="de" />);
};

test("a product in stock has its delivery box", () => {
  expect(box({})).toContain('data-testid="delivery-box"');
});

test.each([
  ["out of stock", { isOutOfStock: true }],
  ["at its end of life", { reachedEOF: true }],
])("a product %s has none: no delivery date is promised for it", (_name, changes) => {
  expect(box(changes)).toBe("");
});
