/** Orders and options as the returns API answers them, for the returns screens' tests. */
import type { RmaLine, RmaOptions, RmaOrder } from "@site/features/returns/types";

export function rmaLine(extra: Partial<RmaLine> = {}): RmaLine {
  return {
    lineNo: 1,
    sku: "FLOOR-1",
    name: "Eiche Landhausdiele",
    image: null,
    ordered: 3,
    delivered: 3,
    returned: 0,
    returnable: 3,
    complaintable: 3,
    returnableUntil: "2026-12-20T10:00:00.000Z",
    blockedReason: null,
    ...extra,
  };
}

/** Line 1: 3 packages, all returnable; line 2: 2 delivered 40 days ago (defects only); line 3: not delivered yet; line 4: 5 of 5 returnable. */
export function rmaOrder(extra: Partial<RmaOrder> = {}): RmaOrder {
  return {
    orderNumber: "DE-100001",
    placedAt: "2026-11-02T09:30:00.000Z",
    shop: "DE",
    isConsumerEu: true,
    withdrawal: null,
    lines: [
      rmaLine(),
      rmaLine({
        lineNo: 2,
        sku: "SKIRT-2",
        name: "Sockelleiste Eiche",
        ordered: 2,
        delivered: 2,
        returnable: 0,
        complaintable: 2,
        returnableUntil: null,
        blockedReason: "window_closed",
      }),
      rmaLine({
        lineNo: 3,
        sku: "GLUE-3",
        name: "Parkettkleber",
        ordered: 4,
        delivered: 0,
        returnable: 0,
        complaintable: 0,
        returnableUntil: null,
        blockedReason: "not_delivered",
      }),
      rmaLine({ lineNo: 4, sku: "UNDER-4", name: "Trittschalldämmung", ordered: 5, delivered: 5, returnable: 5, complaintable: 5 }),
    ],
    ...extra,
  };
}

export const RMA_OPTIONS: RmaOptions = {
  reasons: ["DEFECTIVE", "OVER_ORDER", "INCORRECTLY_ORDERED", "DELIVERED_INCORRECTLY", "REVOCATION", "OTHER"].map((value, index) => ({
    id: index + 4,
    value,
    label: `label ${value}`,
  })),
  proposals: ["NEW_PRODUCT", "DISCOUNT", "MONEY_BACK"].map((value, index) => ({ id: index + 1, value, label: `label ${value}` })),
};
