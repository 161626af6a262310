/**
 * Saved terrace plans (docs/decisions/0043):
 *
 *   POST /apiv2/terrace/configurations                  TerracePlan -> { number, plan, bill, createdAt }
 *   GET  /apiv2/terrace/configurations/{number}         -> { number, plan, bill, createdAt }
 *   POST /apiv2/terrace/configurations/{number}/cart    -> { cartItemCount, skipped }
 *
 * Saving: the plan through the shared schema (domain/terrace/plan.ts; 422 with its codes), the
 * board one the planner offers in the shop (422 `unknown_board`) and the substructure one of the
 * board's family (422 `unknown_substructure`), then at most `rateLimits.exact.terraceSaveIp` saves
 * per client address (429); the bill is computed before anything is written, so a refused plan
 * writes nothing. The number: 10 characters of Crockford's base32 from domain/random-ids.ts
 * (50 random bits); a taken one is drawn again. Writes are idempotent and counted per IP by the core.
 *
 * Loading (and the cart add): numbers are read as typed (case, O/I/L look-alikes, dashes), unknown
 * and malformed ones answer the same 404 `configuration_not_found`, and every miss counts against
 * `rateLimits.exact.terraceLookupIp` per client address (429 once over), so numbers cannot be
 * enumerated. A configuration is found only in the shop it was saved in. The bill is recomputed
 * on today's catalogue.
 *
 * The cart add: every bill line with a product at its packages, through the cart's own rules
 * (`addLines`, injected by app.ts); a line the catalogue cannot supply, out of stock, above the
 * stock or below the minimum order quantity is skipped and named in `skipped`.
 */
import type { CartAddAnswer } from "@domain/api/cart";
import type { TerraceRefusalCode } from "@domain/api/terrace";
import { MAX_QUANTITY } from "@domain/quantity";
import { randomBase32 } from "@domain/random-ids";
import type { TerraceBill, TerraceCartAnswer, TerraceConfiguration } from "@domain/terrace-configurations";
import { TERRACE_NUMBER_LENGTH } from "@domain/terrace-configurations";
import { terracePlanSchema, type TerracePlan } from "@domain/terrace/plan";
import { jsonList, parseJsonOr } from "@worker/lib/json";
import { sql } from "@worker/lib/sql";
import type { ShopContext } from "../core/context";
import { fail, invalid } from "../core/envelope";
import { countRequest, requireWithinLimit } from "../core/exact-limit";
import { clientKey } from "../core/rate-limit";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { terraceBill } from "../core/terrace-bill";
import type { VisitorContext } from "../core/visitor";
import { listedIn } from "../tables/products";
import { selectTerraceBoards, selectTerraceSystem, type TerraceBoardRow, type TerraceSystemViewRow } from "../tables/terrace-catalogue";
import {
  insertTerraceConfiguration,
  normalizeConfigurationNumber,
  selectTerraceConfiguration,
  TERRACE_CONFIGURATION_NUMBER,
  type TerraceConfigurationRow,
} from "../tables/terrace-configurations";
import { SERVER_TEXTS, TERRACE_MESSAGES } from "./messages";

/** How often a taken number is drawn again before the save fails (50 random bits: never in practice). */
const NUMBER_ATTEMPTS = 3;

export const configurationNotFound = () => fail(404, TERRACE_MESSAGES.configurationNotFound, "configuration_not_found" satisfies TerraceRefusalCode);

const isTakenNumber = (error: unknown): boolean =>
  error instanceof Error && /UNIQUE constraint failed: terrace_configurations\.number/.test(`${error.message} ${String(error.cause ?? "")}`);

/** The board must be one the planner offers in the shop; the substructure one of the board's family. */
async function checkChoices(ctx: ShopContext, plan: TerracePlan): Promise<void> {
  const [boards, system] = await ctx.db.batch([
    selectTerraceBoards(ctx.shop.id, ctx.language).prepare(ctx.db),
    selectTerraceSystem(plan.substructureId ?? "").prepare(ctx.db),
  ]);
  const board = plan.boardSku === undefined ? undefined : (boards!.results as TerraceBoardRow[]).find((row) => row.sku === plan.boardSku);
  if (plan.boardSku !== undefined && !board) throw invalid("boardSku", TERRACE_MESSAGES.unknownBoard, "unknown_board" satisfies TerraceRefusalCode);
  if (plan.substructureId === undefined) return;
  const row = system!.results[0] as TerraceSystemViewRow | undefined;
  if (!row || (board && row.family !== board.family))
    throw invalid("substructureId", TERRACE_MESSAGES.unknownSubstructure, "unknown_substructure" satisfies TerraceRefusalCode);
}

/** POST /apiv2/terrace/configurations */
export async function saveConfiguration(ctx: ShopContext): Promise<Reply<TerraceConfiguration>> {
  const plan = validate(terracePlanSchema(SERVER_TEXTS), await readJson(ctx.request));
  await checkChoices(ctx, plan);
  await requireWithinLimit(ctx, "terraceSaveIp", clientKey(ctx.request));
  const bill = await terraceBill(ctx.db, ctx.shop, ctx.language, plan);
  const planJson = JSON.stringify(plan);
  for (let attempt = 1; ; attempt++) {
    const number = randomBase32(TERRACE_NUMBER_LENGTH);
    try {
      await insertTerraceConfiguration(number, ctx.shop.id, planJson, ctx.now).prepare(ctx.db).run();
    } catch (error) {
      if (isTakenNumber(error) && attempt < NUMBER_ATTEMPTS) continue;
      throw error;
    }
    const answer: TerraceConfiguration = { number, plan, bill, createdAt: ctx.now.toISOString() };
    return reply(answer);
  }
}

/**
 * The shop's configuration by the number in the path; a miss (unknown or malformed) counts
 * against the client address's lookup limit and answers 404, over the limit 429.
 */
async function findConfiguration(ctx: ShopContext, params: Params): Promise<{ number: string; plan: TerracePlan; createdAt: string }> {
  const number = normalizeConfigurationNumber(params.number ?? "");
  const counted = await countRequest(ctx, "terraceLookupIp", clientKey(ctx.request));
  const wellFormed = TERRACE_CONFIGURATION_NUMBER.test(number);
  const [count, found] = await ctx.db.batch([counted.statement, selectTerraceConfiguration(wellFormed ? number : "", ctx.shop.id).prepare(ctx.db)]);
  counted.enforce(count!);
  const row = found!.results[0] as TerraceConfigurationRow | undefined;
  if (!row) throw configurationNotFound();
  await counted.refund.run();
  return { number: row.number, plan: parseJsonOr<TerracePlan>(row.plan, { outline: [], cutouts: [], direction: 0 }), createdAt: row.created_at };
}

/** GET /apiv2/terrace/configurations/{number} */
export async function loadConfiguration(ctx: ShopContext, params: Params): Promise<Reply<TerraceConfiguration>> {
  const found = await findConfiguration(ctx, params);
  const answer: TerraceConfiguration = { ...found, bill: await terraceBill(ctx.db, ctx.shop, ctx.language, found.plan) };
  return reply(answer);
}

/** A cart line as the cart's addLines takes it (commerce/cart.ts LineRequest). */
export interface CartLine {
  sku: string;
  quantity: number;
  options: Record<string, string>;
  field: string;
}
export type AddToCart = (ctx: VisitorContext, lines: CartLine[]) => Promise<Reply<CartAddAnswer>>;

interface StockRow {
  sku: string;
  stock_qty: number;
  min_order_qty: number;
  package_content: number;
}

/** The bill's lines the cart can take now, and those it cannot with the reason. */
async function cartLinesOf(ctx: ShopContext, bill: TerraceBill): Promise<{ lines: CartLine[]; skipped: TerraceCartAnswer["skipped"] }> {
  const skus = bill.lines.flatMap((line) => (line.sku && !line.missing ? [line.sku] : []));
  const { results } = await sql`SELECT p.sku, p.stock_qty, p.min_order_qty, p.package_content FROM products p
      WHERE p.sku IN ${jsonList(skus)} AND ${listedIn(ctx.shop.id)}`
    .prepare(ctx.db)
    .all<StockRow>();
  const stock = new Map(results.map((row) => [row.sku, row]));
  const lines: CartLine[] = [];
  const skipped: TerraceCartAnswer["skipped"] = [];
  bill.lines.forEach((line, index) => {
    const skip = (reason: TerraceCartAnswer["skipped"][number]["reason"]) =>
      skipped.push({ role: line.role, sku: line.sku, name: line.name, packages: line.packages, reason });
    const product = line.sku && !line.missing ? stock.get(line.sku) : undefined;
    if (!line.sku || !product) return skip("not_in_catalogue");
    if (line.packages <= 0) return;
    if (product.stock_qty <= 0) return skip("out_of_stock");
    if (line.packages > product.stock_qty || line.packages > MAX_QUANTITY) return skip("quantity_unavailable");
    if (line.packages * product.package_content + 1e-9 < product.min_order_qty) return skip("minimum_order_quantity");
    lines.push({ sku: line.sku, quantity: line.packages, options: {}, field: `lines.${index}` });
  });
  return { lines, skipped };
}

/** POST /apiv2/terrace/configurations/{number}/cart (addToCart: the cart's addLines, injected by app.ts). */
export function configurationToCart(addToCart: AddToCart) {
  return async (ctx: VisitorContext, params: Params): Promise<Reply<TerraceCartAnswer>> => {
    const found = await findConfiguration(ctx, params);
    const bill = await terraceBill(ctx.db, ctx.shop, ctx.language, found.plan);
    if (!bill) throw fail(422, TERRACE_MESSAGES.incomplete, "configuration_incomplete" satisfies TerraceRefusalCode);
    const { lines, skipped } = await cartLinesOf(ctx, bill);
    if (lines.length === 0)
      throw fail(422, TERRACE_MESSAGES.nothingToAdd, "nothing_to_add" satisfies TerraceRefusalCode, { params: { skipped: skipped.length } });
    const cart = await addToCart(ctx, lines);
    const answer: TerraceCartAnswer = { cartItemCount: cart.data.miniCart.itemCount, skipped };
    return reply(answer);
  };
}
