/**
 * The carriers an order ships with (the shop's carriers: DHL, Dachser, DPD, own direct
 * delivery, FedEx) and their tracking numbers: the back office validates the number staff
 * enter with these rules (the console before it sends, the shop API again), and the shipping
 * mail links to the carrier's tracking page for it. Own direct delivery has no tracking page:
 * its number is the delivery note's, and the mail names it without a link.
 */
export const CARRIERS = ["dhl", "dachser", "dpd", "own", "fedex"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const isCarrier = (value: string): value is Carrier => (CARRIERS as readonly string[]).includes(value);

interface CarrierRule {
  /** A tracking number of this carrier, as stored (upper case, no spaces). */
  number: RegExp;
  /** The carrier's public tracking page for a number, or null when it has none. */
  trackingUrl: ((number: string) => string) | null;
}

const RULES: Record<Carrier, CarrierRule> = {
  // Parcel numbers of 12 or 20 digits, JJD numbers of DHL Express/Freight, and UPU numbers (RR123456789DE).
  dhl: {
    number: /^(?:\d{12}|\d{20}|JJD\d{16,20}|[A-Z]{2}\d{9}[A-Z]{2})$/,
    trackingUrl: (number) => `https://www.dhl.com/de-de/home/tracking.html?tracking-id=${number}`,
  },
  // Dachser's consignment numbers.
  dachser: { number: /^[0-9A-Z]{8,20}$/, trackingUrl: (number) => `https://elogistics.dachser.com/shp2/?navigation=tracking&search=${number}` },
  // DPD's 14-digit parcel numbers.
  dpd: { number: /^\d{14}$/, trackingUrl: (number) => `https://tracking.dpd.de/status/de_DE/parcel/${number}` },
  // The delivery note's number of the shop's own direct delivery.
  own: { number: /^[0-9A-Z-]{4,30}$/, trackingUrl: null },
  // FedEx numbers of 12, 15, 20 or 22 digits.
  fedex: { number: /^(?:\d{12}|\d{15}|\d{20}|\d{22})$/, trackingUrl: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}` },
};

/** A tracking number as stored: spaces removed, upper case. */
export function normalizeTrackingNumber(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/** True when `number` (normalised) is one the carrier hands out. */
export function isTrackingNumber(carrier: Carrier, number: string): boolean {
  return RULES[carrier].number.test(number);
}

/** The carrier's tracking page of the (valid, normalised) number, or null for a carrier without one. */
export function trackingUrl(carrier: Carrier, number: string): string | null {
  const url = RULES[carrier].trackingUrl;
  return url && isTrackingNumber(carrier, number) ? url(encodeURIComponent(number)) : null;
}
