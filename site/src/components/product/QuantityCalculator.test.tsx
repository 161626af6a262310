import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QuantityCalculator } from "./QuantityCalculator";
import { testProduct } from "@tests/kit/site";

jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({ t: (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key) }),
}));

const render = (currency: string, language: string) =>
  renderToStaticMarkup(
    <QuantityCalculator product={testProduct(currency, language)} currency={currency} language={language} onPackagesChange={() => undefined} />,
  );

test.each([
  ["EUR", "de", "1.234,50\u00a0€", "2,25"],
  ["EUR", "at", "1.234,50\u00a0€", "2,25"],
  ["EUR", "it", "1.234,50\u00a0€", "2,25"],
  ["EUR", "fr", "1\u00a0234,50\u00a0€", "2,25"],
  ["EUR", "nl", "€\u00a01.234,50", "2,25"],
  ["EUR", "en", "€1,234.50", "2.25"],
  // Money the Swiss way, measures as the page's language writes numbers (docs/decisions/0056).
  ["CHF", "de", "CHF\u00a01’234.50", "2,25"],
  ["CHF", "fr", "CHF\u00a01’234.50", "2,25"],
])("%s in %s: the calculator prints money and amounts as the price box does (domain/money.ts)", (currency, language, total, amount) => {
  const html = render(currency, language);
  const shown = /data-testid="calculator-total">(.*?)<\/strong>/
    .exec(html)?.[1]
    ?.replace(/<!-- -->/g, "")
    .replace("calculator.total ", "");
  expect(shown).toBe(total);
  expect(shown).toBe(testProduct(currency, language).price?.packagePrice.formattedWithCurrency);
  expect(html).toContain(`&quot;amount&quot;:&quot;${amount}&quot;`);
});
