import type { PageAlternates } from "../src/lib/seo";

/** How a page is indexed, as its creator asks (create-pages.ts makes the page's SEO context from it). */
export interface PageSeoRequest {
  robots?: string;
  canonicalPath?: string;
  sitemap?: boolean;
  lastmod?: string | null;
  alternates?: PageAlternates;
}

/**
 * Creates one page of the shop: create-pages.ts's `create`, handed to each feature's page module
 * (checkout, account, returns, ...). `page.matchPath`: a client-rendered page that also stands
 * for every path below it (`/fragen-zum-produkt/*`).
 */
export type CreatePage = (
  pagePath: string,
  component: string,
  language: string,
  context: Record<string, unknown>,
  seo?: PageSeoRequest,
  page?: { matchPath?: string },
) => void;
