/** The page model of a path (`GET /apiv2/byPath/{path}`) and the CMS blocks and pages (`GET /apiv2/cms/?name=a,b&type=block|page`). */

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  robots: string;
  canonical: string;
  excludeFromSitemap: boolean;
  excludeFromCrosslinking: boolean;
}

/** What the shop tells about itself on every page. */
export interface StoreInformation {
  /** The service phone, international form (domain/store-information.ts). */
  phone: string;
}

export interface PageModel {
  storeId: string;
  formKey: string;
  remoteIp: null;
  pageId: string;
  identifier: string;
  /**
   * PRODUCT, WORLDS (a category), CUSTOM (the home page), MANUFACTURERS (the manufacturer list),
   * MANUFACTURER (a manufacturer's page), RMA (returns and complaints) or a CMS page's type
   * (CMS, CHAT, SALES, VIDEOLIB, CONFIGURATOR_LANDING_PAGE, CUSTOM, EMPTY).
   */
  type: string;
  storeInformation: StoreInformation;
  /** The newsletter box's text (CMS block `newsletter-content` of the language); null without one. */
  newsletterContent: string | null;
  /** The home page's model carries the title, robots and canonical only. */
  meta: Pick<PageMeta, "title" | "robots" | "canonical"> | PageMeta;
}

export interface CmsItem {
  identifier: string;
  /** A page's title; null for a block. */
  title: string | null;
  content: string;
  /** Stable short hash of the content: the header notification hides while its cookie holds it. */
  hash: string;
}
