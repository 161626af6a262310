/**
 * The shop's legal pages the checkout links to (the footer's CMS pages, site/src/lib/shop-content.ts):
 * the terms and conditions, the right of withdrawal and data protection, null where the shop has none.
 */
import { cmsKey } from "@site/lib/shop-content";

export interface LegalLinks {
  terms: string | null;
  withdrawal: string | null;
  privacy: string | null;
}

export function legalLinks(pages: readonly { identifier: string; path: string }[]): LegalLinks {
  const find = (key: "terms" | "withdrawal" | "privacy") => pages.find((page) => cmsKey(page.identifier) === key)?.path ?? null;
  return { terms: find("terms"), withdrawal: find("withdrawal"), privacy: find("privacy") };
}
