/**
 * The back office's mail outbox routes (staff roles service and ops; registered in app.ts
 * with staffRoute):
 *
 *   GET /admin/api/mail?status=&recipient=&shop=&limit=&after=   a page of mails, newest first, with counts per status
 *   GET /admin/api/mail/:key                                      one mail with its plain-text body (key `CH-17`, or the id alone)
 *
 * The outbox of each shop is in its database (core/shop-database.ts), where mail ids are counted: a list that names a
 * shop reads its database; a list across shops reads every shop database and merges them newest first, its page link
 * holding the last mail shown of each (`12.7`: ids below 12 in the first, below 7 in the second; empty: from the start;
 * 0: none left). A mail's key names its shop, which picks the database; an id alone is DB's mail.
 */
import { z } from "zod";
import type { D1Database } from "@cloudflare/workers-types";
import type { MailDetail, MailListPage, MailStatus, MailSummary } from "@domain/back-office/mail-outbox";
import { ENVIRONMENTS, type Environment } from "@config/shop-config";
import { fail, notFound } from "../envelope";
import { pageLimitParam, queryParams, shopParam } from "../query-params";
import { validate } from "../request-body";
import { reply, type Params, type Reply } from "../route";
import { shopById, shopChoices } from "../shop";
import { everyShopDatabase, shopDatabase } from "../shop-database";
import { listDatabases } from "../staff-databases";
import type { StaffContext } from "../staff-auth";
import { listMails, mailDetail, mailStatusCounts, MAIL_STATUSES, type MailFilters } from "./staff-outbox";

const listQuery = z
  .object({
    status: z.enum(MAIL_STATUSES).optional(),
    recipient: z.string().trim().max(254, "At most 254 characters").optional(),
    shop: shopParam().optional(),
    limit: pageLimitParam,
    after: z
      .string()
      .regex(/^(?:[1-9]\d{0,15}|0|)(?:\.(?:[1-9]\d{0,15}|0|))*$/, "Not a page link of this list")
      .refine((after) => after !== "0", "Not a page link of this list")
      .optional(),
  })
  .strict();

const environmentOf = (ctx: StaffContext): Environment => ENVIRONMENTS.find((name) => name === ctx.env.ENVIRONMENT_NAME) ?? "production";

/** Where each database's part of the list continues: null from its start, 0 when it has no more. */
type Positions = (number | null)[];

const NOT_A_PAGE_LINK = () => fail(422, "This page link is not valid any more: start from the first page", "invalid_cursor", { field: "after" });

function positionsOf(after: string | undefined, databases: number): Positions {
  if (after === undefined) return Array.from({ length: databases }, () => null);
  const fields = after.split(".");
  if (fields.length !== databases) throw NOT_A_PAGE_LINK();
  return fields.map((field) => (field === "" ? null : Number(field)));
}

/**
 * A page of every database's mails newest first: each database's page after its position, merged by creation time
 * (ties: the databases' order), so that what is shown of each is its newest; the next link holds each one's last.
 */
async function mergedMails(databases: readonly D1Database[], filters: MailFilters, limit: number, after: string | undefined, environment: Environment) {
  const positions = positionsOf(after, databases.length);
  const pages = await Promise.all(
    databases.map((db, index) =>
      positions[index] === 0 ? { mails: [], next: null } : listMails(db, filters, { limit, after: positions[index] }, environment),
    ),
  );
  const taken = pages.map(() => 0);
  const mails: MailSummary[] = [];
  while (mails.length < limit) {
    let newest = -1;
    pages.forEach((page, index) => {
      const head = page.mails[taken[index]!];
      if (head && (newest < 0 || head.createdAt > pages[newest]!.mails[taken[newest]!]!.createdAt)) newest = index;
    });
    if (newest < 0) break;
    mails.push(pages[newest]!.mails[taken[newest]!]!);
    taken[newest]!++;
  }
  const next = pages.map((page, index): number | null => {
    const count = taken[index]!;
    if (count === page.mails.length && page.next === null) return 0;
    return count > 0 ? page.mails[count - 1]!.id : positions[index]!;
  });
  const more = next.some((position) => position !== 0);
  return { mails, next: more ? next.map((position) => (position === null ? "" : String(position))).join(".") : null };
}

/** GET /admin/api/mail */
export async function mailList(ctx: StaffContext): Promise<Reply<MailListPage>> {
  const { status, recipient, shop, limit, after } = validate(listQuery, queryParams(ctx.url));
  const environment = environmentOf(ctx);
  const [page, counts] = await Promise.all([
    mergedMails(listDatabases(ctx.env, shop), { status, recipient, shop }, limit, after, environment),
    everyOutboxCount(everyShopDatabase(ctx.env)),
  ]);
  const answer: MailListPage = { ...page, counts, statuses: MAIL_STATUSES, shops: shopChoices() };
  return reply(answer);
}

/** The counts per status over every shop database's outbox. */
async function everyOutboxCount(databases: readonly D1Database[]): Promise<Record<MailStatus, number>> {
  const [first, ...others] = await Promise.all(databases.map(mailStatusCounts));
  for (const counts of others) for (const status of MAIL_STATUSES) first![status] += counts[status];
  return first!;
}

/** GET /admin/api/mail/:key */
export async function mailView(ctx: StaffContext, params: Params): Promise<Reply<MailDetail>> {
  const match = /^(?:([A-Z]{2,8})-)?([1-9]\d{0,15})$/.exec(params.id ?? "");
  const shop = match?.[1] === undefined ? undefined : shopById(match[1]);
  if (!match || (match[1] !== undefined && !shop)) throw notFound();
  const db = shop ? shopDatabase(ctx.env, shop.id) : ctx.env.DB;
  const detail = await mailDetail(db, Number(match[2]), environmentOf(ctx), ctx.env);
  if (!detail || (shop && detail.shop !== shop.id)) throw fail(404, "There is no mail with this number", "not_found");
  return reply(detail);
}
