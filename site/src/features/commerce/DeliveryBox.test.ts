import type { TFunction } from "i18next";
import type { ProductDelivery } from "@domain/api/delivery";
import { deliveryLines, formatDay, formatDeadline, storageHint } from "./DeliveryBox";

const t = ((key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key)) as unknown as TFunction;
const cost = (amount: number, isFree = false) => ({
  value: amount / 100,
  amount,
  formatted: `${(amount / 100).toFixed(2).replace(".", ",")} €`,
  isFree,
  label: isFree ? "Kostenloser Versand" : "Versandkosten",
});
const euro = (amount: number) => ({
  value: amount / 100,
  amount,
  currency: "EUR",
  formattedValue: (amount / 100).toFixed(2).replace(".", ","),
  formattedWithCurrency: `${(amount / 100).toFixed(2).replace(".", ",")} €`,
});
const delivery: ProductDelivery = {
  productId: "P-1",
  sku: "P-1",
  quantity: 1,
  currentShippingCountry: { code: "de", name: "Deutschland" },
  referenceDate: "2026-11-18T08:00:00.000Z",
  isDeliverable: true,
  noDeliveryMessage: null,
  isIsland: false,
  shippingGroup: "parcel",
  standard: {
    date: "2026-11-20",
    latestDate: "2026-11-24",
    deadline: "2026-11-18T09:00:00.000Z",
    duration: { value: 4, minValue: 2, unit: "days" },
    cost: cost(595),
    surcharges: [],
  },
  express: { date: "2026-11-19", deadline: "2026-11-18T09:00:00.000Z", duration: { value: 1, minValue: 1, unit: "days" }, fee: cost(1000), cost: cost(1595) },
  expressUnavailableReason: null,
  deliveryModes: [],
  goodsValue: euro(3000),
  prepaymentDiscount: { percentage: 2, amount: euro(60) },
};

test("dates and the 10:00 deadline in the page's locale", () => {
  expect(formatDay("2026-11-20", "de")).toBe("Fr., 20.11.");
  expect(formatDeadline("2026-11-18T09:00:00.000Z", "de")).toBe("10:00");
});

test("lines: standard window, cost, express with deadline and fee, prepayment", () => {
  expect(deliveryLines(delivery, t, "de").map((line) => line.key)).toEqual(["standard", "cost", "express", "prepayment"]);
  const express = deliveryLines(delivery, t, "de").find((line) => line.key === "express")!;
  expect(express.text).toBe('delivery.express {"date":"Do., 19.11.","deadline":"10:00","fee":"10,00 €"}');
});

test("free shipping shows the server's label; islands get a hint; no express line without express", () => {
  const free = deliveryLines({ ...delivery, isIsland: true, express: null, standard: { ...delivery.standard!, cost: cost(0, true) } }, t, "de");
  expect(free.map((line) => line.key)).toEqual(["standard", "cost", "island", "prepayment"]);
  expect(free[1]!.text).toBe("Kostenloser Versand");
});

test("not deliverable: the server's message", () => {
  expect(
    deliveryLines(
      {
        ...delivery,
        isDeliverable: false,
        noDeliveryMessage: "Eine Lieferung nach Vereinigte Staaten ist leider nicht möglich.",
        standard: null,
        express: null,
      },
      t,
      "de",
    ),
  ).toEqual([{ key: "none", text: "Eine Lieferung nach Vereinigte Staaten ist leider nicht möglich.", tone: "notice" }]);
});

test("the storage hint names the order value in the shop's own currency, as the shop writes money", () => {
  const value = (currency: string, language: string) =>
    (JSON.parse(storageHint(t, currency, language).replace(/^delivery\.storageHint /, "")) as { value: string }).value;
  expect(value("EUR", "de")).toBe("1.200,00\u00a0€");
  expect(value("CHF", "de")).toBe("CHF\u00a01’200.00");
  expect(value("CHF", "fr")).toBe("CHF\u00a01’200.00");
  expect(value("EUR", "fr")).toBe("1\u00a0200,00\u00a0€");
});
