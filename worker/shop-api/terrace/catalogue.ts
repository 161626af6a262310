/**
 * GET /apiv2/terrace/catalogue (docs/decisions/0043): what the terrace planner offers in
 * the shop, in the request's language and the shop's currency: the decking boards with
 * `terraceConfEnabled` the shop sells (laying data, price, picture, product page), the
 * substructure systems for their families, the families' laying rules, and every product those
 * name that the shop sells (the planner prices its bill with them; a part the shop does not sell
 * is missing here and shows as a `not_in_catalogue` line). A read: no visitor, no limit.
 */
import type { TerraceBoard, TerraceCatalogue } from "@domain/terrace-configurations";
import { slugPath } from "@domain/routes";
import type { ShopContext } from "../core/context";
import { reply, type Reply } from "../core/route";
import {
  boardSpecOf,
  catalogueItemOf,
  familyRulesOf,
  selectTerraceBoards,
  selectTerraceFamilies,
  selectTerraceItems,
  selectTerraceSystems,
  systemSkus,
  terraceSystemOf,
  type TerraceBoardRow,
  type TerraceFamilyRow,
  type TerraceItemRow,
  type TerraceSystemViewRow,
} from "../tables/terrace-catalogue";

export async function terraceCatalogue(ctx: ShopContext): Promise<Reply<TerraceCatalogue>> {
  const { shop, language, db } = ctx;
  const boardRows = (await selectTerraceBoards(shop.id, language).prepare(db).all<TerraceBoardRow>()).results;
  const families = [...new Set(boardRows.map((row) => row.family))];
  const [systemResult, familyResult] = await db.batch([selectTerraceSystems(families).prepare(db), selectTerraceFamilies(families).prepare(db)]);
  const systems = (systemResult!.results as TerraceSystemViewRow[]).map((row) => terraceSystemOf(row, language, shop.defaultLanguage));
  const rules = (familyResult!.results as TerraceFamilyRow[]).map(familyRulesOf);
  // Boards whose family has no rules cannot be laid: left out (the import refuses such boards; this guards the read).
  const laid = boardRows.filter((row) => rules.some((rule) => rule.family === row.family));
  const partRows = (await selectTerraceItems(shop.id, language, systemSkus(systems)).prepare(db).all<TerraceItemRow>()).results;
  const items = [...laid, ...partRows].map((row) => catalogueItemOf(row, shop.currency, language));
  const boards = laid.map((row): TerraceBoard => ({
    ...boardSpecOf(row),
    ...catalogueItemOf(row, shop.currency, language),
    image: row.image ? { src: row.image, alt: row.name } : null,
    link: row.slug ? slugPath(shop, language, row.slug) : null,
    manufacturer: row.manufacturer,
  }));
  const answer: TerraceCatalogue = { boards, systems, rules, items };
  return reply(answer);
}
