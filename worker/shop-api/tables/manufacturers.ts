/** The manufacturer tables (migrations/0001_catalogue.sql): `manufacturers` and `manufacturer_translations` (texts per language). */
export interface ManufacturerRow {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  url: string | null;
  /** Not null: shown among the top manufacturers, ordered by it. */
  top_position: number | null;
  updated_at: string;
}

export interface ManufacturerTranslationRow {
  manufacturer_id: string;
  language: string;
  description: string;
  short_description: string;
}
