/**
 * The bill of a saved or posted terrace plan on the shop's catalogue of today (docs/decisions/0043):
 * the board's laying data, the chosen substructure, its family's rules and the prices of every
 * product they name, read in one batch, then domain/terrace's layTerrace and billOfMaterials.
 * Shared by the terrace module (save, load, cart) and the offers module (the offer editor's
 * prefill of an offer request that names a configuration).
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { TerraceBill } from "@domain/terrace-configurations";
import { billOfMaterials } from "@domain/terrace/bill";
import { layTerrace } from "@domain/terrace/layout";
import type { TerracePlan } from "@domain/terrace/plan";
import {
  boardSpecOf,
  catalogueItemOf,
  familyRulesOf,
  selectTerraceBoardSpec,
  selectTerraceFamilies,
  selectTerraceItems,
  selectTerraceSystem,
  systemSkus,
  terraceSystemOf,
  type TerraceBoardSpecRow,
  type TerraceFamilyRow,
  type TerraceItemRow,
  type TerraceSystemViewRow,
} from "../tables/terrace-catalogue";
import type { Shop } from "./shop";

/** Joists are cut from this stock length when the substructure names no joist product (the bill then counts them in metres, missing). */
export const DEFAULT_JOIST_STOCK_MM = 4000;

/**
 * The plan's bill in the shop's currency and `language`; null when the plan names no board or no
 * substructure, or names ones the catalogue no longer knows (or a substructure of another family).
 */
export async function terraceBill(
  db: D1Database,
  shop: Pick<Shop, "id" | "currency" | "defaultLanguage">,
  language: string,
  plan: TerracePlan,
): Promise<TerraceBill | null> {
  if (!plan.boardSku || !plan.substructureId) return null;
  const [boardResult, systemResult] = await db.batch([selectTerraceBoardSpec(plan.boardSku).prepare(db), selectTerraceSystem(plan.substructureId).prepare(db)]);
  const boardRow = boardResult!.results[0] as TerraceBoardSpecRow | undefined;
  const systemRow = systemResult!.results[0] as TerraceSystemViewRow | undefined;
  if (!boardRow || !systemRow || systemRow.family !== boardRow.family) return null;
  const board = boardSpecOf(boardRow);
  const system = terraceSystemOf(systemRow, language, shop.defaultLanguage);
  const [familyResult, itemResult] = await db.batch([
    selectTerraceFamilies([board.family]).prepare(db),
    selectTerraceItems(shop.id, language, [board.sku, ...systemSkus([system])]).prepare(db),
  ]);
  const familyRow = familyResult!.results[0] as TerraceFamilyRow | undefined;
  if (!familyRow) return null;
  const items = new Map((itemResult!.results as TerraceItemRow[]).map((row) => [row.sku, catalogueItemOf(row, shop.currency, language)]));
  const layout = layTerrace(plan, board, familyRulesOf(familyRow), system.joist?.lengthMm ?? DEFAULT_JOIST_STOCK_MM);
  const { lines, total } = billOfMaterials(layout, board, system, items, shop.currency, language);
  return { lines, total, areaM2: Math.round(layout.areaM2 * 100) / 100, wastePercent: layout.boards.wastePercent };
}
