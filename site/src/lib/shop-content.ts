/**
 * Shop localization content: footer delivery carriers, phone (domain/store-information.ts),
 * off-canvas flags (the guide magazine, the video library, the sale: a link where the shop has the page and the flag), per shop (the review provider's link is config: reviews.profileUrl). Flags differ per store. The texts
 * themselves come from the locale files; brand names are shown as they are. The footer's
 * payment badges are the shop's config (ShopInfo.paymentMethods, domain/payment-methods.ts).
 */
import { VOUCHER_THANKS_SLUG } from "@domain/routes";
import { servicePhone } from "@domain/store-information";

export type Carrier = "dhl" | "dachser" | "dpd" | "own" | "fedex";

export interface ShopContent {
  phone: string;
  carriers: Carrier[];
  offCanvas: { magazine: boolean; videoLibrary: boolean; sale: boolean };
}

const DEFAULT: Omit<ShopContent, "phone"> = {
  carriers: ["dhl", "dachser", "dpd", "own"],
  offCanvas: { magazine: true, videoLibrary: true, sale: true },
};

const SHOPS: Record<string, Partial<Omit<ShopContent, "phone">>> = {
  DE: {},
  CH: {
    carriers: ["dhl", "dpd", "own"],
  },
  AT: {
    carriers: ["dhl", "dpd", "dachser"],
  },
  FR: {
    carriers: ["dpd", "fedex", "dachser"],
  },
  IT: {
    carriers: ["dhl", "fedex"],
  },
  NL: {
    carriers: ["dhl", "dpd"],
    offCanvas: { magazine: true, videoLibrary: true, sale: false },
  },
  COM: {
    carriers: ["dhl", "fedex"],
    offCanvas: { magazine: true, videoLibrary: true, sale: false },
  },
  BRAND: {
    carriers: ["own", "dachser"],
    offCanvas: { magazine: false, videoLibrary: false, sale: false },
  },
};

export function shopContent(shopId: string): ShopContent {
  return { ...DEFAULT, ...SHOPS[shopId], phone: servicePhone(shopId) };
}

/** Brand names are not translated; the rest have locale keys carrier.<name>. */
export const BRAND_NAMES: Partial<Record<Carrier, string>> = {
  dhl: "DHL",
  dachser: "DACHSER",
  dpd: "DPD",
  fedex: "FedEx",
};

export type CmsKey =
  | "terms"
  | "imprint"
  | "privacy"
  | "withdrawal"
  | "battery"
  | "about"
  | "career"
  | "contact"
  | "shipping"
  | "ordering"
  | "complaints"
  | "payment"
  | "service"
  | "voucher-thanks";

/**
 * CMS identifiers (URL slugs) of the legal and service pages in every language; a
 * merchant who renames such a page adds the new identifier here.
 */
const CMS_IDENTIFIERS: Record<CmsKey, string[]> = {
  terms: ["agb", "terms-and-conditions", "conditions-generales-de-vente", "condizioni-generali-di-vendita", "algemene-voorwaarden"],
  imprint: ["impressum", "imprint", "mentions-legales", "note-legali", "colofon"],
  privacy: ["datenschutz", "data-protection", "protection-des-donnees", "protezione-dei-dati", "privacy"],
  withdrawal: ["widerrufsrecht", "right-of-withdrawal", "droit-de-retractation", "diritto-di-recesso", "herroepingsrecht", "ruecktrittsrecht"],
  battery: ["batteriegesetz", "battery-law", "loi-sur-les-piles", "legge-sulle-batterie", "batterijwet", "batterieverordnung"],
  about: ["ueber-uns", "about-us", "a-propos", "chi-siamo", "over-ons"],
  career: ["karriere", "careers", "carriere", "lavora-con-noi", "vacatures"],
  contact: ["kontakt-service", "contact-service", "contatto-servizio"],
  shipping: ["versand", "shipping", "livraison", "spedizione", "verzending", "versand-und-zustellung"],
  ordering: ["bestellvorgang", "ordering-process", "processus-de-commande", "processo-di-ordine", "bestelproces"],
  complaints: ["reklamation", "complaints", "reclamation", "reclami", "klachten"],
  payment: ["zahlungsarten", "payment-methods", "modes-de-paiement", "metodi-di-pagamento", "betaalmethoden"],
  service: ["service", "servizio"],
  "voucher-thanks": [...new Set(Object.values(VOUCHER_THANKS_SLUG))],
};

const KEY_BY_IDENTIFIER = new Map<string, CmsKey>(
  (Object.entries(CMS_IDENTIFIERS) as [CmsKey, string[]][]).flatMap(([key, identifiers]) => identifiers.map((identifier) => [identifier, key] as const)),
);

export function cmsKey(identifier: string): CmsKey | null {
  return KEY_BY_IDENTIFIER.get(identifier) ?? null;
}

/** The shop's CMS pages by their key, the first page of each key (the chrome's links). */
export function cmsPagesByKey<P extends { identifier: string }>(pages: readonly P[]): Map<CmsKey, P> {
  const byKey = new Map<CmsKey, P>();
  for (const page of pages) {
    const key = cmsKey(page.identifier);
    if (key && !byKey.has(key)) byKey.set(key, page);
  }
  return byKey;
}

/** The shop's CMS page of a special type (VIDEOLIB, SALES, CHAT), if it has one. */
export function cmsPageOfType<P extends { pageType: string }>(pages: readonly P[], type: string): P | undefined {
  return pages.find((page) => page.pageType === type);
}

/** Footer legal links, in this order. */
export const LEGAL_KEYS: CmsKey[] = ["imprint", "privacy", "withdrawal", "battery", "about", "career", "contact"];
/** Tabs of the service centre. */
export const SERVICE_KEYS: CmsKey[] = ["shipping", "contact", "ordering", "complaints", "payment", "service"];
