/**
 * Merchandiser content (migrations/0001_catalogue.sql): CMS pages and blocks and the top
 * SEO links per shop and language, and product reviews. GraphQL's own CMS page and review
 * rows adopt these declarations.
 */
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface CmsPageRow {
  shop_id: string;
  language: string;
  /** Also the URL slug: {identifier}.html. */
  identifier: string;
  /** Page types: CMS, CHAT, SALES, VIDEOLIB, ... */
  page_type: string;
  title: string;
  content_heading: string;
  /** Sanitised HTML. */
  content: string;
  meta_title: string | null;
  meta_description: string | null;
  robots: string;
  exclude_from_sitemap: number;
  /** JSON {title, content} (sanitised HTML), or null. */
  sidebar: string | null;
  /** JSON [{title, content}] (sanitised HTML). */
  repeaters: string;
  /** JSON [manufacturer id]. */
  manufacturer_ids: string;
  /** The world (top category) the page belongs to. */
  world_id: string | null;
  newsletter: number;
  /** When the page was first written (migrations/0037). */
  created_at: string;
  updated_at: string;
}

export interface CmsBlockRow {
  shop_id: string;
  language: string;
  identifier: string;
  content: string;
  updated_at: string;
}

export interface TopSeoLinkRow {
  shop_id: string;
  language: string;
  position: number;
  label: string;
  url: string;
}

export interface ReviewRow {
  id: string;
  sku: string;
  language: string;
  /** 1 to 5. */
  mark: number;
  comment: string;
  reviewer: string;
  answer: string | null;
  created_at: string;
}

/** FROM clause: the reviews (r) of products the shop sells. */
export function reviewsOfShop(shopId: string): SqlFragment {
  return sql`reviews r JOIN product_shops s ON s.sku = r.sku AND s.shop_id = ${shopId}`;
}
