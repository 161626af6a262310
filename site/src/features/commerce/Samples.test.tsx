import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { ProductData } from "@site/lib/page-data";
import { SampleButtonSlot } from "@site/components/product-slots";
import { whenIdle } from "@site/lib/lazy";
import { isOrderedToday, SampleButton, SamplesCounter } from "./Samples";

jest.mock("./commerce.css", () => ({}));
jest.mock("../account/account.css", () => ({}));
jest.mock("../inquiries/inquiries.css", () => ({}));
jest.mock("gatsby-plugin-react-i18next", () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const product = (active: boolean) => ({ samples: { active } }) as unknown as ProductData;

test("the sample button only where samples are active, disabled until hydration, one element with its alerts", async () => {
  expect(renderToStaticMarkup(<SampleButtonSlot sku="P-1" product={product(false)} language="de" />)).toBe("");
  expect(renderToStaticMarkup(<SampleButtonSlot sku="P-1" product={product(true)} language="de" />)).toContain("product.orderSample");
  // The slot's code loads once idle: the test ends after it did.
  await whenIdle();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(renderToStaticMarkup(<SampleButton sku="P-1" product={product(true)} language="de" />)).toMatch(
    /^<div class="sample-box"><button[^>]*disabled=""[^>]*data-testid="sample-button">samples.button<\/button><div class="commerce-alerts"[^>]*><\/div><\/div>$/,
  );
});

test("the daily counter shows its fallback until the live count loads", () => {
  expect(renderToStaticMarkup(<SamplesCounter />)).toContain("samples.counterFallback");
});

test("the daily counter tells of samples only when some were ordered today: never '0 Muster bestellt'", () => {
  expect([1, 2, 250].every(isOrderedToday)).toBe(true);
  expect([0, -1, 1.5, Number.NaN, Infinity, "3", null, undefined].some(isOrderedToday)).toBe(false);
});
