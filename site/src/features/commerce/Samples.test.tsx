import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { ProductData } from "@site/lib/page-data";
import { isOrderedToday, SampleButton, SamplesCounter } from "./Samples";

jest.mock("gatsby-plugin-react-i18next", () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const product = (active: boolean) => ({ samples: { active } }) as unknown as ProductData;

test("the sample button only where samples are active, disabled until hydration", () => {
  expect(renderToStaticMarkup(<SampleButton sku="P-1" product={product(false)} language="de" />)).toBe("");
  expect(renderToStaticMarkup(<SampleButton sku="P-1" product={product(true)} language="de" />)).toMatch(
    /<button[^>]*disabled=""[^>]*data-testid="sample-button">samples.button<\/button>/,
  );
});

test("the daily counter shows its fallback until the live count loads", () => {
  expect(renderToStaticMarkup(<SamplesCounter />)).toContain("samples.counterFallback");
});

test("the daily counter tells of samples only when some were ordered today: never '0 Muster bestellt'", () => {
  expect([1, 2, 250].every(isOrderedToday)).toBe(true);
  expect([0, -1, 1.5, Number.NaN, Infinity, "3", null, undefined].some(isOrderedToday)).toBe(false);
});
