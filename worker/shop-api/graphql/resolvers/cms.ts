import type { Resolvers } from "../generated/resolvers";
import { requireShopLanguage } from "./shops";
import { sql } from "@worker/lib/sql";
import type { CmsBlockRow, CmsPageRow } from "@shop-api/tables/content";
import { all, bool } from "./util";
import { parseJsonOr } from "@worker/lib/json";
import type { CmsSection } from "../generated/resolvers";

export const cmsResolvers: Resolvers = {
  Query: {
    cmsPages: async (_parent, args, ctx) => {
      const shop = requireShopLanguage(args.shop, args.language);
      const rows = await all<
        Pick<
          CmsPageRow,
          | "identifier"
          | "page_type"
          | "title"
          | "content_heading"
          | "content"
          | "meta_title"
          | "meta_description"
          | "robots"
          | "exclude_from_sitemap"
          | "sidebar"
          | "repeaters"
          | "manufacturer_ids"
          | "world_id"
          | "newsletter"
          | "created_at"
          | "updated_at"
        >
      >(
        ctx,
        sql`SELECT identifier, page_type, title, content_heading, content, meta_title, meta_description,
                robots, exclude_from_sitemap, sidebar, repeaters, manufacturer_ids, world_id, newsletter, created_at, updated_at
           FROM cms_pages WHERE shop_id = ${shop.id} AND language = ${args.language} ORDER BY identifier`,
      );
      return rows.map((row) => ({
        identifier: row.identifier,
        pageType: row.page_type,
        title: row.title,
        contentHeading: row.content_heading,
        content: row.content,
        metaTitle: row.meta_title,
        metaDescription: row.meta_description,
        robots: row.robots,
        excludeFromSitemap: bool(row.exclude_from_sitemap),
        // Broken JSON in a column reads as none.
        sidebar: row.sidebar === null ? null : parseJsonOr<CmsSection | null>(row.sidebar, null),
        repeaters: parseJsonOr<CmsSection[]>(row.repeaters, []),
        manufacturers: parseJsonOr<string[]>(row.manufacturer_ids, []),
        worldId: row.world_id,
        newsletter: bool(row.newsletter),
        creationTime: row.created_at ?? row.updated_at,
        updatedAt: row.updated_at,
      }));
    },
    cmsBlocks: async (_parent, args, ctx) => {
      const shop = requireShopLanguage(args.shop, args.language);
      const rows = await all<Pick<CmsBlockRow, "identifier" | "content" | "updated_at">>(
        ctx,
        sql`SELECT identifier, content, updated_at FROM cms_blocks WHERE shop_id = ${shop.id} AND language = ${args.language} ORDER BY identifier`,
      );
      return rows.map((row) => ({ identifier: row.identifier, content: row.content, updatedAt: row.updated_at }));
    },
  },
};
