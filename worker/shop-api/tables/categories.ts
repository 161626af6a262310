/** The category tables (migrations/0001_catalogue.sql): `categories` (the tree) and `category_translations` (names and slugs per language). */
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface CategoryRow {
  id: string;
  parent_id: string | null;
  position: number;
  image: string | null;
  /** Not null: shown among the top categories, ordered by it. */
  top_position: number | null;
  /** JSON array of {sortBy, direction}. */
  sorting: string;
  updated_at: string;
}

export interface CategoryTranslationRow {
  category_id: string;
  language: string;
  name: string;
  /** URL path without language prefix and without .html. */
  slug: string;
  description: string;
  teaser: string;
  top_description: string;
  meta_title: string | null;
  meta_description: string | null;
}

/** FROM clause: categories (c) with their translation (t) in the language; untranslated ones are left out. */
export function translatedCategories(language: string): SqlFragment {
  return sql`categories c JOIN category_translations t ON t.category_id = c.id AND t.language = ${language}`;
}
