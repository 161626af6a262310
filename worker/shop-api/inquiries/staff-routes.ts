/**
 * The back office's inquiries routes (roles service and ops; registered in app.ts with
 * staffRoute; answer types in domain/back-office/inquiries.ts):
 *
 *   GET  /admin/api/inquiries?shop=&type=&state=&q=&limit=&after=   a page of the list (state: open by default)
 *   GET  /admin/api/inquiries/:id                                   one inquiry with its replies (and offerId for an offer request)
 *   POST /admin/api/inquiries/:id/reply { message }                 mails the customer; the state becomes answered
 *   POST /admin/api/inquiries/:id/close                             the state becomes closed
 *
 * A closed inquiry takes no reply and no second close (409 inquiry_closed). Query parameters
 * are checked like bodies (422 naming the parameter); an empty one counts as not given.
 */
import type { InquiryRefusalCode, InquiryReplyRequest } from "@domain/api/inquiries";
import { z } from "zod";
import { INQUIRY_STATE_FILTERS, MAX_REPLY_LENGTH, type InquiryDetail, type InquiryListPage, type InquirySummary } from "@domain/back-office/inquiries";
import { INQUIRY_NUMBER, INQUIRY_TYPES, inquiryMessageField } from "@domain/inquiry";
import { fail, notFound } from "../core/envelope";
import { sendOutboxSoon } from "../core/mail/sender";
import { pageLimitParam, queryParams, shopParam } from "../core/query-params";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { shopChoices } from "../core/shop";
import type { StaffContext } from "../core/staff-auth";
import { atDatabaseHolding, holdsRow, listDatabases, mergedPage, newestFirst } from "../core/staff-databases";
import { INQUIRY_MESSAGES, SERVER_TEXTS } from "./messages";
import { closeInquiryById, decodeCursor, inquiryCursor, inquiryDetail, listInquiries, replyToInquiry, type ChangeOutcome } from "./staff";

const listQuery = z
  .object({
    state: z.enum(INQUIRY_STATE_FILTERS).default("open"),
    type: z.enum(INQUIRY_TYPES).optional(),
    shop: shopParam().optional(),
    q: z.string().trim().max(200, "At most 200 characters").optional(),
    limit: pageLimitParam,
    after: z.string().max(100).optional(),
  })
  .strict();

const replyBody: z.ZodType<InquiryReplyRequest, z.ZodTypeDef, unknown> = z.object({ message: inquiryMessageField(SERVER_TEXTS, MAX_REPLY_LENGTH) }).strict();

function inquiryIdOf(params: Params): string {
  const id = (params.id ?? "").toUpperCase();
  if (!INQUIRY_NUMBER.test(id)) throw notFound();
  return id;
}

/** The staff request on the database that holds the inquiry (core/staff-databases.ts). */
const atInquiryDatabase = (ctx: StaffContext, id: string): Promise<StaffContext> => atDatabaseHolding(ctx, holdsRow("inquiries", "id", id));

/** GET /admin/api/inquiries */
export async function inquiryList(ctx: StaffContext): Promise<Reply<InquiryListPage>> {
  const query = validate(listQuery, queryParams(ctx.url));
  const after = query.after ? decodeCursor(query.after) : null;
  if (query.after && !after)
    throw fail(422, "This page link is not valid any more: start from the first page", "invalid_cursor" satisfies InquiryRefusalCode, { field: "after" });
  const filters = { state: query.state, type: query.type, shop: query.shop, search: query.q };
  // Across shops, every shop database's page merged (core/staff-databases.ts).
  const page = await mergedPage(
    listDatabases(ctx.env, query.shop),
    async (db) => {
      const { inquiries, next } = await listInquiries(db, filters, { limit: query.limit, after });
      return { items: inquiries, next };
    },
    { compare: newestFirst((item: InquirySummary) => [item.createdAt, item.id]), cursorOf: inquiryCursor, limit: query.limit },
  );
  const answer: InquiryListPage = { inquiries: page.items, next: page.next, states: INQUIRY_STATE_FILTERS, types: INQUIRY_TYPES, shops: shopChoices() };
  return reply(answer);
}

async function detailReply(ctx: StaffContext, id: string): Promise<Reply<InquiryDetail>> {
  const detail = await inquiryDetail(ctx.db, id);
  if (!detail) throw notFound();
  return reply(detail);
}

/** GET /admin/api/inquiries/:id */
export async function inquiryView(staffCtx: StaffContext, params: Params): Promise<Reply<InquiryDetail>> {
  const id = inquiryIdOf(params);
  return detailReply(await atInquiryDatabase(staffCtx, id), id);
}

function refuse(outcome: ChangeOutcome): void {
  if (outcome.outcome === "not_found") throw notFound();
  if (outcome.outcome === "closed") throw fail(409, INQUIRY_MESSAGES.inquiryClosed, "inquiry_closed" satisfies InquiryRefusalCode);
}

/** POST /admin/api/inquiries/:id/reply */
export async function inquiryReply(staffCtx: StaffContext, params: Params): Promise<Reply<InquiryDetail>> {
  const id = inquiryIdOf(params);
  const ctx = await atInquiryDatabase(staffCtx, id);
  const { message } = validate(replyBody, await readJson(ctx.request));
  refuse(await replyToInquiry(ctx.db, id, message, ctx.staff.email, ctx.now));
  sendOutboxSoon(ctx);
  return detailReply(ctx, id);
}

/** POST /admin/api/inquiries/:id/close */
export async function inquiryClose(staffCtx: StaffContext, params: Params): Promise<Reply<InquiryDetail>> {
  const id = inquiryIdOf(params);
  const ctx = await atInquiryDatabase(staffCtx, id);
  refuse(await closeInquiryById(ctx.db, id, ctx.now));
  return detailReply(ctx, id);
}
