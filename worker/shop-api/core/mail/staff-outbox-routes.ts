/**
 * The back office's mail outbox routes (staff roles service and ops; registered in app.ts
 * with staffRoute):
 *
 *   GET /admin/api/mail?status=&recipient=&shop=&limit=&after=   a page of mails, newest first, with counts per status
 *   GET /admin/api/mail/:id                                       one mail with its plain-text body
 */
import { z } from "zod";
import type { MailDetail, MailListPage } from "@domain/back-office/mail-outbox";
import { ENVIRONMENTS, type Environment } from "@config/shop-config";
import { fail, notFound } from "../envelope";
import { pageLimitParam, queryParams, shopParam } from "../query-params";
import { validate } from "../request-body";
import { reply, type Params, type Reply } from "../route";
import { shopChoices } from "../shop";
import type { StaffContext } from "../staff-auth";
import { listMails, mailDetail, mailStatusCounts, MAIL_STATUSES } from "./staff-outbox";

const listQuery = z
  .object({
    status: z.enum(MAIL_STATUSES).optional(),
    recipient: z.string().trim().max(254, "At most 254 characters").optional(),
    shop: shopParam().optional(),
    limit: pageLimitParam,
    after: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, "Not a page link of this list")
      .optional(),
  })
  .strict();

const environmentOf = (ctx: StaffContext): Environment => ENVIRONMENTS.find((name) => name === ctx.env.ENVIRONMENT_NAME) ?? "production";

/** GET /admin/api/mail */
export async function mailList(ctx: StaffContext): Promise<Reply<MailListPage>> {
  const { status, recipient, shop, limit, after } = validate(listQuery, queryParams(ctx.url));
  const [page, counts] = await Promise.all([
    listMails(ctx.db, { status, recipient, shop }, { limit, after: after ? Number(after) : null }, environmentOf(ctx)),
    mailStatusCounts(ctx.db),
  ]);
  const answer: MailListPage = { ...page, counts, statuses: MAIL_STATUSES, shops: shopChoices() };
  return reply(answer);
}

/** GET /admin/api/mail/:id */
export async function mailView(ctx: StaffContext, params: Params): Promise<Reply<MailDetail>> {
  const id = params.id ?? "";
  if (!/^[1-9]\d{0,15}$/.test(id)) throw notFound();
  const detail = await mailDetail(ctx.db, Number(id), environmentOf(ctx), ctx.env);
  if (!detail) throw fail(404, "There is no mail with this number", "not_found");
  return reply(detail);
}
