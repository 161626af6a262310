/** Page data of the site as the build hands it to the pages: a product and a shop's info, for the tests of the pages and their data files. */
import { money } from "@domain/money";
import type { ProductData } from "../../site/sourcing/catalogue-client";
import type { ChromeData } from "@site/lib/page-data";

/** A product of 2.25 m² per package at 1234.50 a package, priced by the API's own money(). */
export function testProduct(currency: string, language: string): ProductData {
  const price = (amount: number) => money(amount, currency, language);
  return {
    sku: "P-1",
    type: "simple",
    parentSku: null,
    slug: "p-1",
    ean: null,
    content: {
      title: "Eiche",
      subTitle: "",
      shortDescription: "",
      description: "",
      lowStockMessage: "",
      measurement: "",
      features: [],
      attributes: [],
      metaTitle: null,
      metaDescription: null,
      plusContent: "",
      topDescription: "",
    },
    manufacturer: null,
    categoryId: "c",
    categoryIds: ["c"],
    price: {
      packagePrice: price(123450),
      unitPrice: price(54867),
      referencePrice: price(123450),
      savingsPercentage: 0,
      tax: { isIncluded: true, percentage: 19, label: "", amount: price(19710) },
    },
    unit: { code: "SQM", label: "m²" },
    packageContent: 2.25,
    blendPercent: 0,
    shippingGroup: "parcel",
    isDecking: false,
    isExpress: false,
    isClearance: false,
    isPlusProduct: false,
    isFreeShipping: false,
    marketingLabel: null,
    productSets: [],
    topPosition: null,
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
    roofWindowComponents: [],
    reviewSummary: { ratingValue: 0, maxValue: 5, totalReviewCount: 0, reviews: [] },
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

/** The Swiss shop's info (de and fr) as a shop data file carries it, for tests of shop data files and the pages that use them. */
export function testShopInfo(name = "Bodenhaus"): ChromeData["shopInfo"] {
  return {
    shopId: "CH",
    name,
    currency: "CHF",
    languages: ["de", "fr"],
    domainPrefixes: ["de", "fr"],
    deliveryCountries: ["ch"],
    origin: "https://x",
    hreflangBases: { "de-CH": "https://x/de", "fr-CH": "https://x/fr" },
    paymentMethods: [],
    buildYear: 2026,
  };
}
