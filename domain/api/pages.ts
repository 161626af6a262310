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

export interface PageModel {
  storeId: string;
  formKey: string;
  remoteIp: null;
  pageId: string;
  identifier: string;
  /** PRODUCT, WORLDS (a category), CUSTOM (the home page) or a CMS page's type. */
  type: string;
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
