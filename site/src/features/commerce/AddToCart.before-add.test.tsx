import { byTestId, clickOn, closeBrowser, mount, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { AddToCart } from "./AddToCart";
import type { ProductData } from "@site/lib/page-data";

jest.mock("gatsby-plugin-react-i18next", () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

/** What the add-to-cart sends: every request, as the shop API would see it. */
let sent: { method: string; path: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    sent.push({ method: init.method ?? "GET", path: String(input), body: typeof init.body === "string" ? JSON.parse(init.body) : undefined });
    const cart = { items: [], miniCart: { itemCount: 1, linkToCart: "/checkout/cart/" }, totals: { currency: "EUR" } };
    return new Response(JSON.stringify({ status: 200, data: cart, errors: [], meta: {} }), { status: 200 });
  }) as typeof fetch;
});
afterEach(() => unmountAll());
afterAll(closeBrowser);

const product = { isSalable: true, content: { title: "Landhausdiele" } } as unknown as ProductData;
const posts = () => sent.filter((request) => request.method === "POST");

test("the page's check before an add: refused, nothing is sent and no alert shows; allowed, the add goes out with the SKU and quantity", async () => {
  let allow = false;
  const asked: number[] = [];
  const beforeAdd = () => {
    asked.push(1);
    return allow;
  };
  const container = await mount(<AddToCart sku="BH-100042-2" product={product} language="de" quantity={10} beforeAdd={() => beforeAdd()} />);
  await clickOn(byTestId(container, "add-to-cart"));
  expect(asked).toHaveLength(1);
  expect(posts()).toEqual([]);
  expect(container.querySelector("[data-testid^=alert-]")).toBeNull();
  allow = true;
  await clickOn(byTestId(container, "add-to-cart"));
  expect(posts()).toEqual([{ method: "POST", path: "/apiv2/cart/", body: { sku: "BH-100042-2", quantity: 10 } }]);
  expect(byTestId(container, "alert-success")).not.toBeNull();
});

test("without a check (list cards, other pages) every click adds", async () => {
  const container = await mount(<AddToCart sku="P-1" product={product} language="de" quantity={2} />);
  await clickOn(byTestId(container, "add-to-cart"));
  expect(posts()).toHaveLength(1);
});
