import type { Resolvers, Sorting } from "../generated/resolvers";
import { requireShopLanguage } from "./shops";
import { parseJsonOr } from "@worker/lib/json";
import { sql, type OuterJoined } from "@worker/lib/sql";
import { translatedCategories, type CategoryRow, type CategoryTranslationRow } from "@shop-api/tables/categories";
import { all } from "./util";

/** A category with its translation in the language, when there is one. */
type TranslatedCategoryRow = Pick<CategoryRow, "id" | "parent_id" | "position" | "image" | "sorting"> &
  OuterJoined<Pick<CategoryTranslationRow, "name" | "slug" | "description" | "teaser" | "meta_title" | "meta_description">>;

type TopCategoryRow = Pick<CategoryRow, "id" | "image"> & { top_position: NonNullable<CategoryRow["top_position"]> } & Pick<
    CategoryTranslationRow,
    "name" | "slug" | "top_description"
  >;

/** Ids from the world down to `id`, inclusive; stops on a cycle or a missing parent. */
export function categoryPath(id: string, parents: Map<string, string | null>): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  let current: string | null | undefined = id;
  while (current != null && !seen.has(current)) {
    seen.add(current);
    path.unshift(current);
    current = parents.get(current);
  }
  return path;
}

export const categoryResolvers: Resolvers = {
  Query: {
    categories: async (_parent, args, ctx) => {
      requireShopLanguage(args.shop, args.language);
      const rows = await all<TranslatedCategoryRow>(
        ctx,
        sql`SELECT c.id, c.parent_id, c.position, c.image, c.sorting,
                t.name, t.slug, t.description, t.teaser, t.meta_title, t.meta_description
           FROM categories c
           LEFT JOIN category_translations t ON t.category_id = c.id AND t.language = ${args.language}
          ORDER BY c.parent_id IS NOT NULL, c.parent_id, c.position, c.id`,
      );
      const parents = new Map(rows.map((row) => [row.id, row.parent_id]));
      // Categories without a translation in the language are not part of that language's site.
      return rows
        .filter((row) => row.name != null && row.slug != null)
        .map((row) => ({
          id: row.id,
          parentId: row.parent_id,
          position: row.position,
          isWorld: row.parent_id == null,
          name: row.name ?? "",
          slug: row.slug ?? "",
          description: row.description ?? "",
          teaser: row.teaser ?? "",
          image: row.image,
          metaTitle: row.meta_title,
          metaDescription: row.meta_description,
          sorting: parseJsonOr<Sorting[]>(row.sorting, []),
          path: categoryPath(row.id, parents),
        }));
    },
    topCategories: async (_parent, args, ctx) => {
      requireShopLanguage(args.shop, args.language);
      const rows = await all<TopCategoryRow>(
        ctx,
        sql`SELECT c.id, c.image, c.top_position, t.name, t.slug, t.top_description
           FROM ${translatedCategories(args.language)}
          WHERE c.top_position IS NOT NULL
          ORDER BY c.top_position, c.id`,
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        imagePath: row.image,
        urlPath: `${row.slug}.html`,
        topCategoryPosition: row.top_position,
        topCategoryDescription: row.top_description,
      }));
    },
  },
};
