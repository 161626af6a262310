import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { money } from "../../../../domain/money";
import type { ProductData } from "../../lib/page-data";
import { QuantityCalculator } from "./QuantityCalculator";

jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({ t: (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key) }),
}));

/** A product of 2.25 m² per package at 1234.50 a package, priced by the API's own money(). */
function product(currency: string, language: string): ProductData {
  const price = (amount: number) => money(amount, currency, language);
  return {
    sku: "P-1",
    type: "simple",
    parentSku: null,
    slug: "p-1",
    ean: null,
    content: { title: "Eiche", subTitle: "", shortDescription: "", description: "", lowStockMessage: "", measurement: "", features: [], attributes: [], metaTitle: null, metaDescription: null },
    manufacturer: null,
    categoryId: "c",
    categoryIds: ["c"],
    price: { packagePrice: price(123450), unitPrice: price(54867), referencePrice: price(123450), savingsPercentage: 0, tax: { isIncluded: true, percentage: 19, label: "", amount: price(19710) } },
    unit: { code: "SQM", label: "m²" },
    packageContent: 2.25,
    blendPercent: 0,
    shippingGroup: "parcel",
    isDecking: false,
    isExpress: false,
    isClearance: false,
    isPlusProduct: false,
    isOutOfStock: false,
    isSalable: true,
    reachedEOF: false,
    stock: { isInStock: true, quantity: 10, minimumOrderQuantity: 0, notificationQuantity: 0 },
    delivery: { minDays: 2, maxDays: 5, express: false },
    samples: { active: false, express: false, longDeliveryTime: false, sampleOrderIsFreeOfCharge: true, maxSamples: 7 },
    media: [],
    downloads: [],
    tutorials: [],
    childProducts: [],
    configurableAttributes: [],
    reviewSummary: { ratingValue: 0, maxValue: 5, totalReviewCount: 0 },
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

const render = (currency: string, language: string) =>
  renderToStaticMarkup(<QuantityCalculator product={product(currency, language)} currency={currency} language={language} onPackagesChange={() => undefined} />);

test.each([
  ["EUR", "de", "1.234,50\u00a0€", "2,25"],
  ["EUR", "at", "1.234,50\u00a0€", "2,25"],
  ["EUR", "it", "1.234,50\u00a0€", "2,25"],
  ["EUR", "fr", "1\u00a0234,50\u00a0€", "2,25"],
  ["EUR", "nl", "€\u00a01.234,50", "2,25"],
  ["EUR", "en", "€1,234.50", "2.25"],
  ["CHF", "de", "CHF\u00a01’234.50", "2.25"],
  ["CHF", "fr", "CHF\u00a01’234.50", "2.25"],
])("%s in %s: the calculator prints money and amounts as the price box does (domain/money.ts)", (currency, language, total, amount) => {
  const html = render(currency, language);
  const shown = /data-testid="calculator-total">(.*?)<\/strong>/.exec(html)?.[1]?.replace(/<!-- -->/g, "").replace("calculator.total ", "");
  expect(shown).toBe(total);
  expect(shown).toBe(product(currency, language).price?.packagePrice.formattedWithCurrency);
  expect(html).toContain(`&quot;amount&quot;:&quot;${amount}&quot;`);
});
