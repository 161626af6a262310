/**
 * What the back office reads and changes of inquiries (staff-routes.ts serves it): the list
 * newest first with filters and keyset pages, one inquiry with its replies (and its offer's
 * id for an offer request), a reply that writes the reply, the state `answered` and the
 * customer's mail in one batch, and closing.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { InquiryDetail, InquiryStateFilter, InquirySummary } from "@domain/back-office/inquiries";
import type { InquiryType } from "@domain/inquiry";
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";
import {
  answersOf,
  closeInquiry,
  INQUIRY_LIST_COLUMNS,
  inquiryNotClosed,
  inquiryReplyOf,
  inquirySummaryOf,
  insertInquiryReply,
  markInquiryAnswered,
  selectInquiry,
  selectInquiryReplies,
  type InquiryListRow,
  type InquiryReplyRow,
} from "../tables/inquiries";
import { replyMail } from "./mails";

export interface InquiryFilters {
  state: InquiryStateFilter;
  type?: InquiryType;
  shop?: string;
  search?: string;
}

function conditions(filters: InquiryFilters): SqlFragment[] {
  const where: SqlFragment[] = [sql`1`];
  if (filters.state !== "all") where.push(sql`i.state = ${filters.state}`);
  if (filters.type) where.push(sql`i.type = ${filters.type}`);
  if (filters.shop) where.push(sql`i.shop_id = ${filters.shop}`);
  const search = filters.search?.trim();
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(i.id = ${search.toUpperCase()} OR i.email LIKE ${like} ESCAPE '\\' OR lower(i.name) LIKE ${like} ESCAPE '\\' OR lower(i.sku) LIKE ${like} ESCAPE '\\')`,
    );
  }
  return where;
}

/** A page cursor: the last row's creation time and number. */
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z)~(Q-[0-9A-HJKMNP-TV-Z]{10})$/;

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const match = CURSOR.exec(cursor);
  return match ? { createdAt: match[1]!, id: match[2]! } : null;
}

/** The page cursor after an inquiry: its creation time and number. */
export const inquiryCursor = (item: Pick<InquirySummary, "createdAt" | "id">): string => `${item.createdAt}~${item.id}`;

/** A page of inquiries newest first, after the cursor; `next` continues after the last. */
export async function listInquiries(
  db: D1Database,
  filters: InquiryFilters,
  page: { limit: number; after: { createdAt: string; id: string } | null },
): Promise<{ inquiries: InquirySummary[]; next: string | null }> {
  const where = conditions(filters);
  if (page.after) where.push(sql`(i.created_at < ${page.after.createdAt} OR (i.created_at = ${page.after.createdAt} AND i.id < ${page.after.id}))`);
  const { results } = await sql`SELECT ${INQUIRY_LIST_COLUMNS} FROM inquiries i WHERE ${joinSql(where, " AND ")}
    ORDER BY i.created_at DESC, i.id DESC LIMIT ${page.limit + 1}`
    .prepare(db)
    .all<InquiryListRow>();
  const inquiries = results.slice(0, page.limit).map(inquirySummaryOf);
  const last = inquiries[inquiries.length - 1];
  return { inquiries, next: results.length > page.limit && last ? inquiryCursor(last) : null };
}

function detailOf(row: InquiryListRow, replies: InquiryReplyRow[]): InquiryDetail {
  const open = row.state !== "closed";
  return {
    ...inquirySummaryOf(row),
    message: row.message,
    phone: row.phone,
    country: row.country,
    quantity: row.quantity,
    unit: row.unit,
    answers: answersOf(row),
    customerId: row.customer_id,
    closedAt: row.closed_at,
    replies: replies.map(inquiryReplyOf),
    offerId: row.type === "offer" ? row.offer_id : null,
    configuration: row.type === "offer" ? (row.configuration_number ?? null) : null,
    canReply: open,
    canClose: open,
  };
}

/** One inquiry as the console shows it; null when there is none. */
export async function inquiryDetail(db: D1Database, id: string): Promise<InquiryDetail | null> {
  const [inquiry, replies] = await db.batch([selectInquiry(id).prepare(db), selectInquiryReplies(id).prepare(db)]);
  const row = inquiry!.results[0] as InquiryListRow | undefined;
  return row ? detailOf(row, replies!.results as InquiryReplyRow[]) : null;
}

export type ChangeOutcome = { outcome: "not_found" } | { outcome: "closed" } | { outcome: "changed" };

/**
 * A staff reply: the reply row, the state `answered` and the customer's mail, all only while
 * the inquiry is not closed (one batch, so an inquiry closed meanwhile gets none of them).
 */
export async function replyToInquiry(db: D1Database, id: string, message: string, staffEmail: string, now: Date): Promise<ChangeOutcome> {
  const row = await selectInquiry(id).prepare(db).first<InquiryListRow>();
  if (!row) return { outcome: "not_found" };
  if (row.state === "closed") return { outcome: "closed" };
  const when = inquiryNotClosed(id);
  const [inserted] = await db.batch(
    [
      insertInquiryReply(id, message, staffEmail, now),
      markInquiryAnswered(id, now),
      replyMail(
        {
          id,
          type: row.type,
          language: row.language,
          sku: row.sku,
          productName: row.product_name,
          message: row.message,
          name: row.name,
          email: row.email,
          shop: { id: row.shop_id },
        },
        { message, claim: crypto.randomUUID() },
        when,
        now,
      ),
    ].map((statement) => statement.prepare(db)),
  );
  return (inserted!.meta.changes ?? 0) > 0 ? { outcome: "changed" } : { outcome: "closed" };
}

/** Closes an inquiry that is not closed yet. */
export async function closeInquiryById(db: D1Database, id: string, now: Date): Promise<ChangeOutcome> {
  const result = await closeInquiry(id, now).prepare(db).run();
  if ((result.meta.changes ?? 0) > 0) return { outcome: "changed" };
  const exists = await sql`SELECT 1 AS found FROM inquiries WHERE id = ${id}`.prepare(db).first();
  return exists ? { outcome: "closed" } : { outcome: "not_found" };
}
