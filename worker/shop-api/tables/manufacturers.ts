/** The `manufacturers` table (migrations/0001_catalogue.sql). */
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
