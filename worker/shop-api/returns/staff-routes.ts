/**
 * The back office's returns routes (roles service and ops; registered in app.ts with
 * staffRoute; answer types in domain/back-office/returns.ts):
 *
 *   GET  /admin/api/returns?state=&kind=&shop=&q=&limit=&after=   a page of the list (state: open by default)
 *   GET  /admin/api/returns/:rmaId                                one complaint
 *   GET  /admin/api/returns/:rmaId/images/:uploadId               an image's bytes, to staff only (core/uploads/access.ts)
 *   POST /admin/api/returns/:rmaId/status { status, note? }       a new state; mails the customer, once per change;
 *                                                                 `refunded` refunds the case (refunds.ts)
 *   POST /admin/api/returns/:rmaId/refund                         retries the case's failed refund, or records its
 *                                                                 bank transfer (409 refund_not_open when neither)
 *
 * Query parameters are checked like bodies (422 naming the parameter); an empty one counts as
 * not given.
 */
import { z } from "zod";
import type { ReturnRefusalCode, ReturnStatusRequest } from "@domain/api/returns";
import { RETURN_KINDS, RETURN_STATE_FILTERS, type ReturnDetail, type ReturnListPage, type ReturnSummary } from "@domain/back-office/returns";
import { messageField, RMA_NUMBER, STAFF_RMA_STATUSES, UPLOAD_ID } from "@domain/returns-forms";
import { fail, notFound } from "../core/envelope";
import { sendOutboxSoon } from "../core/mail/sender";
import { pageLimitParam, queryParams, shopParam } from "../core/query-params";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { shopChoices } from "../core/shop";
import type { StaffContext } from "../core/staff-auth";
import { atDatabaseHolding, holdsRow, listDatabases, mergedPage, newestFirst } from "../core/staff-databases";
import { mayReadUpload } from "../core/uploads/access";
import { attachmentDisposition } from "../core/uploads/file-name";
import { DOWNLOAD_HEADERS } from "../core/uploads/handlers";
import { uploadOf, type UploadRow } from "../tables/uploads";
import { RETURNS_MESSAGES, SERVER_TEXTS } from "./messages";
import { decodeCursor, listReturns, returnCursor, returnDetail, selectComplaintImage, setReturnStatus, settleReturnRefund } from "./staff";

const listQuery = z
  .object({
    state: z.enum(RETURN_STATE_FILTERS).default("open"),
    kind: z.enum(RETURN_KINDS).optional(),
    shop: shopParam().optional(),
    q: z.string().trim().max(200, "At most 200 characters").optional(),
    limit: pageLimitParam,
    after: z.string().max(100).optional(),
  })
  .strict();

const statusBody = z
  .object({
    status: z.enum(STAFF_RMA_STATUSES, { errorMap: () => ({ message: `Expected one of ${STAFF_RMA_STATUSES.join(", ")}` }) }),
    /** Sent to the customer with the status mail. */
    note: messageField(SERVER_TEXTS).default(""),
  })
  .strict() satisfies z.ZodType<unknown, z.ZodTypeDef, ReturnStatusRequest>;

function rmaIdOf(params: Params): string {
  const id = (params.rmaId ?? "").toUpperCase();
  if (!RMA_NUMBER.test(id)) throw notFound();
  return id;
}

/** GET /admin/api/returns */
export async function returnList(ctx: StaffContext): Promise<Reply<ReturnListPage>> {
  const query = validate(listQuery, queryParams(ctx.url));
  const after = query.after ? decodeCursor(query.after) : null;
  if (query.after && !after)
    throw fail(422, "This page link is not valid any more: start from the first page", "invalid_cursor" satisfies ReturnRefusalCode, { field: "after" });
  const filters = { state: query.state, kind: query.kind, shop: query.shop, search: query.q };
  // Across shops, every shop database's page merged (core/staff-databases.ts).
  const page = await mergedPage(
    listDatabases(ctx.env, query.shop),
    async (db) => {
      const { returns, next } = await listReturns(db, filters, { limit: query.limit, after });
      return { items: returns, next };
    },
    { compare: newestFirst((item: ReturnSummary) => [item.createdAt, item.rmaId]), cursorOf: returnCursor, limit: query.limit },
  );
  const answer: ReturnListPage = { returns: page.items, next: page.next, states: RETURN_STATE_FILTERS, kinds: RETURN_KINDS, shops: shopChoices() };
  return reply(answer);
}

/** GET /admin/api/returns/:rmaId */
export async function returnView(staffCtx: StaffContext, params: Params): Promise<Reply<ReturnDetail>> {
  const id = rmaIdOf(params);
  const ctx = await atDatabaseHolding(staffCtx, holdsRow("rmas", "id", id));
  const detail = await returnDetail(ctx.db, id);
  if (!detail) throw notFound();
  return reply(detail);
}

/** GET /admin/api/returns/:rmaId/images/:uploadId: the bytes with the stored (sniffed) type, never rendered as a page, never cached. */
export async function returnImage(staffCtx: StaffContext, params: Params): Promise<Response> {
  const rmaId = rmaIdOf(params);
  const ctx = await atDatabaseHolding(staffCtx, holdsRow("rmas", "id", rmaId));
  const uploadId = params.uploadId ?? "";
  if (!UPLOAD_ID.test(uploadId)) throw notFound();
  const row = await selectComplaintImage(rmaId, uploadId).prepare(ctx.db).first<UploadRow>();
  if (!row || !mayReadUpload({ visitorId: null, staffRole: ctx.staff.role }, uploadOf(row))) throw notFound();
  const object = await ctx.env.UPLOADS.get(row.r2_key);
  if (!object) {
    console.error("complaint image without its R2 object", row.id);
    throw notFound();
  }
  return new Response(await object.arrayBuffer(), {
    headers: {
      ...DOWNLOAD_HEADERS,
      "content-type": row.content_type,
      "content-length": String(row.size),
      "content-disposition": attachmentDisposition(row.file_name),
    },
  });
}

/** POST /admin/api/returns/:rmaId/status */
export async function returnStatus(staffCtx: StaffContext, params: Params): Promise<Reply<ReturnDetail>> {
  const id = rmaIdOf(params);
  const ctx = await atDatabaseHolding(staffCtx, holdsRow("rmas", "id", id));
  const body = validate(statusBody, await readJson(ctx.request));
  const outcome = await setReturnStatus(ctx, id, body.status, body.note);
  switch (outcome.outcome) {
    case "not_found":
      throw notFound();
    case "not_allowed":
      throw fail(
        409,
        RETURNS_MESSAGES.statusNotAllowed.replace("{from}", outcome.from).replace("{to}", body.status),
        "status_not_allowed" satisfies ReturnRefusalCode,
        {
          field: "status",
          params: { from: outcome.from, to: body.status },
        },
      );
    case "raced":
      throw fail(409, RETURNS_MESSAGES.statusChanged, "status_changed" satisfies ReturnRefusalCode, { field: "status" });
    case "changed":
      break;
  }
  sendOutboxSoon(ctx);
  const detail = await returnDetail(ctx.db, id);
  if (!detail) throw notFound();
  return reply(detail);
}

/** POST /admin/api/returns/:rmaId/refund */
export async function returnRefund(staffCtx: StaffContext, params: Params): Promise<Reply<ReturnDetail>> {
  const id = rmaIdOf(params);
  const ctx = await atDatabaseHolding(staffCtx, holdsRow("rmas", "id", id));
  if (!(await settleReturnRefund(ctx, id))) {
    if (!(await returnDetail(ctx.db, id))) throw notFound();
    throw fail(409, RETURNS_MESSAGES.refundNotOpen, "refund_not_open" satisfies ReturnRefusalCode);
  }
  sendOutboxSoon(ctx);
  const detail = await returnDetail(ctx.db, id);
  if (!detail) throw notFound();
  return reply(detail);
}
