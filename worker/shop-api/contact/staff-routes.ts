/**
 * The back office's view of the contact page's messages (roles service and ops; registered in
 * app.ts with staffRoute; answer type in domain/back-office/contact-messages.ts):
 *
 *   GET /admin/api/contact-messages?shop=&q=&limit=   the newest first
 *
 * Staff answer a message from their mail program (the notification's Reply-To is the sender);
 * this list is where they find one again. Query parameters are checked like bodies (422 naming
 * the parameter); an empty one counts as not given.
 */
import { z } from "zod";
import type { StaffContactMessageList } from "@domain/back-office/contact-messages";
import { pageLimitParam, queryParams, shopParam } from "../core/query-params";
import { validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import type { StaffContext } from "../core/staff-auth";
import { listDatabases, mergedPage, newestFirst } from "../core/staff-databases";
import { contactMessageOf, selectContactMessages, type ContactMessageRow } from "../tables/contact-messages";

const listQuery = z
  .object({
    shop: shopParam().optional(),
    q: z.string().trim().max(200, "At most 200 characters").optional(),
    limit: pageLimitParam,
  })
  .strict();

/** GET /admin/api/contact-messages */
export async function contactMessageList(ctx: StaffContext): Promise<Reply<StaffContactMessageList>> {
  const query = validate(listQuery, queryParams(ctx.url));
  const select = selectContactMessages({ shop: query.shop ?? null, q: query.q || null, limit: query.limit });
  // Across shops, the newest of every shop database (core/staff-databases.ts).
  const { items } = await mergedPage(
    listDatabases(ctx.env, query.shop),
    async (db) => ({ items: (await select.prepare(db).all<ContactMessageRow>()).results, next: null }),
    { compare: newestFirst((row: ContactMessageRow) => [row.created_at, row.id]), cursorOf: (row) => row.id, limit: query.limit },
  );
  const answer: StaffContactMessageList = { messages: items.map(contactMessageOf) };
  return reply(answer);
}
