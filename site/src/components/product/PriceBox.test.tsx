import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PriceBox } from "./PriceBox";
import { testProduct } from "@tests/kit/site";

jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({ t: (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key) }),
}));

const packageContent = (currency: string, language: string, amount: number) => {
  const html = renderToStaticMarkup(<PriceBox product={{ ...testProduct(currency, language), packageContent: amount }} language={language} />);
  return /product\.packageContent \{&quot;amount&quot;:&quot;(.*?)&quot;/.exec(html)?.[1];
};

test.each([
  ["EUR", "de", 2.5, "2,5"],
  ["EUR", "fr", 2.25, "2,25"],
  ["EUR", "nl", 1234.5, "1.234,5"],
  ["EUR", "en", 2.5, "2.5"],
  ["CHF", "de", 2.5, "2,5"],
  ["CHF", "fr", 2.2, "2,2"],
  ["EUR", "de", 1.23456, "1,235"],
  ["EUR", "de", 12, "12"],
])(
  "%s in %s: the package content %s reads as %s, as the page language writes numbers (domain/money.ts formatQuantity)",
  (currency, language, amount, shown) => {
    expect(packageContent(currency, language, amount)).toBe(shown);
  },
);
