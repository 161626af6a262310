/**
 * The terrace planner's catalogue data (migrations/0025_terrace.sql; docs/decisions/0043):
 * `terrace_products` (a board's laying data or a substructure part's role, per product),
 * `terrace_families` (the laying rules of a product family) and `terrace_systems` (the
 * substructures and the products they are made of). Written only by the catalogue import;
 * read by worker/shop-api/terrace and the offers module (the bill of a configuration), here
 * as the shop sells them: listed, priced in its currency, named in the request's language.
 */
import type { BoardSpec, FamilyRules } from "@domain/terrace/layout";
import type { CatalogueItem, TerraceSystem } from "@domain/terrace/bill";
import { money } from "@domain/money";
import { jsonList, parseJsonOr } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { listedIn, mainImage, productTitle } from "./products";

export type TerraceRole = "board" | "joist" | "pedestal" | "foot" | "clip" | "screw" | "edge";

export interface TerraceProductRow {
  sku: string;
  role: TerraceRole;
  family: string | null;
  length_mm: number | null;
  width_mm: number | null;
  gap_mm: number | null;
  /** 1: terraceConfEnabled, the planner offers the board. */
  conf_enabled: number;
}

export interface TerraceFamilyRow {
  family: string;
  max_joist_spacing_straight_cm: number;
  max_joist_spacing_diagonal_cm: number;
  joist_overhang_cm: number;
  support_spacing_cm: number;
  fasteners_per_crossing: number;
  updated_at: string;
}

export interface TerraceSystemRow {
  id: string;
  family: string;
  kind: TerraceSystem["kind"];
  position: number;
  joist_sku: string | null;
  support_sku: string | null;
  fastener_sku: string | null;
  edge_sku: string | null;
  /** JSON {language: name}. */
  names: string;
  updated_at: string;
}

/** A system row with what its parts' terrace rows say (their stock lengths, the fastener's kind). */
export type TerraceSystemViewRow = TerraceSystemRow & { joist_length_mm: number | null; edge_length_mm: number | null; fastener_role: TerraceRole | null };

/** A product the shop sells, as the planner's bill needs it: name, unit, package and price. */
export interface TerraceItemRow {
  sku: string;
  name: string;
  unit: string;
  package_content: number;
  package_price: number;
  image: string | null;
  slug: string | null;
}

export type TerraceBoardRow = TerraceItemRow & { family: string; length_mm: number; width_mm: number; gap_mm: number; manufacturer: string | null };

/** A substructure as the planner and the bill see it, with its name in the request's language. */
export type TerraceSystemView = TerraceSystem & { name: string };

export function familyRulesOf(row: TerraceFamilyRow): FamilyRules {
  return {
    family: row.family,
    maxJoistSpacingCm: { straight: row.max_joist_spacing_straight_cm, diagonal: row.max_joist_spacing_diagonal_cm },
    joistOverhangCm: row.joist_overhang_cm,
    supportSpacingCm: row.support_spacing_cm,
    fastenersPerCrossing: row.fasteners_per_crossing,
  };
}

/** The system; a part whose product lost its terrace data (or its length) is left out, so the bill shows it as missing. */
export function terraceSystemOf(row: TerraceSystemViewRow, language: string, defaultLanguage: string): TerraceSystemView {
  const names = parseJsonOr<Record<string, string>>(row.names, {});
  const name = names[language] ?? names[defaultLanguage] ?? Object.values(names)[0] ?? row.id;
  return {
    id: row.id,
    family: row.family,
    kind: row.kind,
    name,
    joist: row.joist_sku && row.joist_length_mm ? { sku: row.joist_sku, lengthMm: row.joist_length_mm } : null,
    support: row.support_sku ? { sku: row.support_sku } : null,
    fastener: row.fastener_sku && (row.fastener_role === "clip" || row.fastener_role === "screw") ? { sku: row.fastener_sku, kind: row.fastener_role } : null,
    edge: row.edge_sku && row.edge_length_mm ? { sku: row.edge_sku, lengthMm: row.edge_length_mm } : null,
  };
}

export function catalogueItemOf(row: TerraceItemRow, currency: string, language: string): CatalogueItem {
  return { sku: row.sku, name: row.name, unit: row.unit, packageContent: row.package_content, packagePrice: money(row.package_price, currency, language) };
}

export type TerraceBoardSpecRow = Pick<TerraceBoardRow, "sku" | "family" | "length_mm" | "width_mm" | "gap_mm">;

export function boardSpecOf(row: TerraceBoardSpecRow): BoardSpec {
  return { sku: row.sku, lengthMm: row.length_mm, widthMm: row.width_mm, gapMm: row.gap_mm, family: row.family };
}

/** The columns of TerraceItemRow over products `p` with their price `pr` in the shop. */
function itemColumns(language: string): SqlFragment {
  return sql`p.sku, ${productTitle(language)} AS name, p.unit, p.package_content, pr.package_price, ${mainImage()} AS image,
    (SELECT slug FROM product_content c WHERE c.sku = p.sku AND c.language = ${language}) AS slug`;
}

/** Sold in the shop as it is: listed, priced there, not configurable, not at its end of life. */
function sold(shopId: string): SqlFragment {
  return sql`${listedIn(shopId)} AND p.type <> 'configurable' AND p.reached_eol = 0`;
}

/** The boards the planner offers in the shop (terraceConfEnabled, with laying data), by name. */
export function selectTerraceBoards(shopId: string, language: string): SqlFragment {
  return sql`SELECT ${itemColumns(language)}, t.family, t.length_mm, t.width_mm, t.gap_mm,
      (SELECT m.name FROM manufacturers m WHERE m.id = p.manufacturer_id) AS manufacturer
    FROM terrace_products t JOIN products p ON p.sku = t.sku JOIN prices pr ON pr.sku = p.sku AND pr.shop_id = ${shopId}
    WHERE t.role = 'board' AND t.conf_enabled = 1 AND t.family IS NOT NULL AND t.length_mm IS NOT NULL AND t.width_mm IS NOT NULL
      AND t.gap_mm IS NOT NULL AND ${sold(shopId)}
    ORDER BY name, p.sku`;
}

/** A board's laying data by sku, whether or not a shop sells it now (a saved plan keeps its board; its bill line shows it missing). */
export function selectTerraceBoardSpec(sku: string): SqlFragment {
  return sql`SELECT sku, family, length_mm, width_mm, gap_mm FROM terrace_products
    WHERE sku = ${sku} AND role = 'board' AND family IS NOT NULL AND length_mm IS NOT NULL AND width_mm IS NOT NULL AND gap_mm IS NOT NULL`;
}

/** The products among `skus` the shop sells (others are missing from its catalogue). */
export function selectTerraceItems(shopId: string, language: string, skus: readonly string[]): SqlFragment {
  return sql`SELECT ${itemColumns(language)} FROM products p JOIN prices pr ON pr.sku = p.sku AND pr.shop_id = ${shopId}
    WHERE p.sku IN ${jsonList(skus)} AND ${sold(shopId)}`;
}

const SYSTEM_COLUMNS = sql`s.*, j.length_mm AS joist_length_mm, e.length_mm AS edge_length_mm, f.role AS fastener_role
  FROM terrace_systems s
  LEFT JOIN terrace_products j ON j.sku = s.joist_sku AND j.role = 'joist'
  LEFT JOIN terrace_products e ON e.sku = s.edge_sku AND e.role = 'edge'
  LEFT JOIN terrace_products f ON f.sku = s.fastener_sku`;

/** The systems for boards of these families, in their order. */
export function selectTerraceSystems(families: readonly string[]): SqlFragment {
  return sql`SELECT ${SYSTEM_COLUMNS} WHERE s.family IN ${jsonList(families)} ORDER BY s.family, s.position, s.id`;
}

export function selectTerraceSystem(id: string): SqlFragment {
  return sql`SELECT ${SYSTEM_COLUMNS} WHERE s.id = ${id}`;
}

export function selectTerraceFamilies(families: readonly string[]): SqlFragment {
  return sql`SELECT * FROM terrace_families WHERE family IN ${jsonList(families)} ORDER BY family`;
}

/** The parts of the systems: every sku they name. */
export function systemSkus(systems: readonly TerraceSystem[]): string[] {
  return [...new Set(systems.flatMap((s) => [s.joist?.sku, s.support?.sku, s.fastener?.sku, s.edge?.sku].filter((sku): sku is string => !!sku)))];
}
