/**
 * The back office's sample order routes (staff roles service and ops; registered in app.ts
 * with staffRoute):
 *
 *   GET  /admin/api/sample-orders?shop=&state=&from=&to=&q=&limit=&after=   a page of the list
 *   GET  /admin/api/sample-orders/export.csv?shop=&state=&from=&to=&q=      the list as CSV
 *   GET  /admin/api/sample-orders/:code                                     one order
 *   POST /admin/api/sample-orders/:code/fulfilment { "state": "shipped" | "cancelled" }
 *
 * Query parameters are checked like bodies (422 with the field named); an empty parameter
 * counts as not given.
 */
import type { SampleOrderRefusalCode } from "@domain/api/samples";
import { z } from "zod";
import type { SampleOrderDetail, SampleOrderListPage } from "@domain/back-office/sample-orders";
import { fail, notFound } from "../core/envelope";
import { pageLimitParam, queryParams, shopParam } from "../core/query-params";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { shopById, shopChoices } from "../core/shop";
import type { StaffContext } from "../core/staff-auth";
import { atDatabaseHolding, holdsRow, listDatabases } from "../core/staff-databases";
import { csvStream } from "./staff-csv";
import {
  countSampleOrders,
  CSV_COLUMNS,
  decodeCursor,
  FULFILMENT_STATES,
  listSampleOrders,
  markSampleOrder,
  sampleOrderCsvRows,
  sampleOrderDetail,
  STATE_FILTERS,
  type SampleOrderFilters,
} from "./staff-sample-orders";

/** The most orders one CSV export holds; more must be narrowed by the filters. */
export const MAX_EXPORT_ROWS = 20_000;

const REFERENCE_CODE = /^[A-Z0-9]{1,40}$/;

const day = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d$/, "Expected a day as YYYY-MM-DD")
  .refine(
    (text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    "Not a day of the calendar",
  );

const filterFields = {
  shop: shopParam().optional(),
  state: z.enum(STATE_FILTERS).default("ordered"),
  from: day.optional(),
  to: day.optional(),
  q: z.string().trim().max(200, "At most 200 characters").optional(),
};

const rangeInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const rangeProblem = { message: "The first day is after the last day", path: ["to"] };

const filterQuery = z.object(filterFields).strict().refine(rangeInOrder, rangeProblem);
const listQuery = z
  .object({
    ...filterFields,
    limit: pageLimitParam,
    after: z.string().max(100).optional(),
  })
  .strict()
  .refine(rangeInOrder, rangeProblem);

const fulfilmentBody = z.object({ state: z.enum(FULFILMENT_STATES) }).strict();

function filtersOf(query: z.infer<typeof filterQuery>): SampleOrderFilters {
  return { state: query.state, shop: query.shop, from: query.from, to: query.to, search: query.q };
}

const shopLanguage = (shopId: string): string => shopById(shopId)?.defaultLanguage ?? "de";

function referenceCodeOf(params: Params): string {
  const code = (params.code ?? "").toUpperCase();
  if (!REFERENCE_CODE.test(code)) throw notFound();
  return code;
}

/** The staff request on the database that holds the sample order (core/staff-databases.ts). */
const atSampleOrderDatabase = (ctx: StaffContext, code: string): Promise<StaffContext> =>
  atDatabaseHolding(ctx, holdsRow("sample_quotes", "reference_code", code));

/** GET /admin/api/sample-orders */
export async function sampleOrderList(ctx: StaffContext): Promise<Reply<SampleOrderListPage>> {
  const query = validate(listQuery, queryParams(ctx.url));
  const after = query.after ? decodeCursor(query.after) : null;
  if (query.after && !after)
    throw fail(422, "This page link is not valid any more: start from the first page", "invalid_cursor" satisfies SampleOrderRefusalCode, { field: "after" });
  const page = await listSampleOrders(listDatabases(ctx.env, query.shop), filtersOf(query), { limit: query.limit, after });
  const answer: SampleOrderListPage = { ...page, states: STATE_FILTERS, shops: shopChoices() };
  return reply(answer);
}

/** GET /admin/api/sample-orders/export.csv: at most MAX_EXPORT_ROWS orders, written while they are read. */
export async function sampleOrderExport(ctx: StaffContext): Promise<Response> {
  const query = validate(filterQuery, queryParams(ctx.url));
  const filters = filtersOf(query);
  const databases = listDatabases(ctx.env, filters.shop);
  const count = await countSampleOrders(databases, filters);
  if (count > MAX_EXPORT_ROWS) {
    throw fail(
      422,
      `The export would hold ${count} orders, more than ${MAX_EXPORT_ROWS}: narrow the shop, state or days`,
      "export_too_large" satisfies SampleOrderRefusalCode,
      {
        params: { count, max: MAX_EXPORT_ROWS },
      },
    );
  }
  const name = `sample-orders-${(filters.shop ?? "all").toLowerCase()}-${filters.state}-${ctx.now.toISOString().slice(0, 10)}.csv`;
  return new Response(csvStream(CSV_COLUMNS, sampleOrderCsvRows(databases, filters)), {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "x-export-rows": String(count),
    },
  });
}

/** GET /admin/api/sample-orders/:code */
export async function sampleOrderView(staffCtx: StaffContext, params: Params): Promise<Reply<SampleOrderDetail>> {
  const code = referenceCodeOf(params);
  const ctx = await atSampleOrderDatabase(staffCtx, code);
  const detail = await sampleOrderDetail(ctx.db, code, shopLanguage);
  if (!detail) throw notFound();
  return reply(detail);
}

/** POST /admin/api/sample-orders/:code/fulfilment: marks an ordered order shipped or cancelled, once, as the staff member. */
export async function sampleOrderFulfilment(staffCtx: StaffContext, params: Params): Promise<Reply<SampleOrderDetail>> {
  const code = referenceCodeOf(params);
  const ctx = await atSampleOrderDatabase(staffCtx, code);
  const body = validate(fulfilmentBody, await readJson(ctx.request));
  const outcome = await markSampleOrder(ctx.db, code, body.state, ctx.staff.email, ctx.now);
  switch (outcome.outcome) {
    case "not_found":
      throw notFound();
    case "not_ordered":
      throw fail(
        409,
        `Only an ordered sample order can be marked ${body.state}; this one is ${outcome.state}`,
        "not_ordered" satisfies SampleOrderRefusalCode,
        {
          field: "state",
          params: { state: outcome.state },
        },
      );
    case "already_set":
      throw fail(
        409,
        `This order was already marked ${outcome.fulfilment.state}${outcome.fulfilment.by ? ` by ${outcome.fulfilment.by}` : ""}${outcome.fulfilment.at ? ` at ${outcome.fulfilment.at}` : ""}`,
        "already_marked" satisfies SampleOrderRefusalCode,
        { field: "state", params: { state: outcome.fulfilment.state } },
      );
    case "changed":
      break;
  }
  const detail = await sampleOrderDetail(ctx.db, code, shopLanguage);
  if (!detail) throw notFound();
  return reply(detail);
}
