/**
 * The inquiries tables (migrations/0023_inquiries_offers.sql): `inquiries` (product questions,
 * bulk-buyer inquiries and offer requests as the customer sent them) and `inquiry_replies`
 * (the staff's answers, each mailed to the customer). Written by worker/shop-api/inquiries;
 * the offers module reads `inquiries` for its offer requests.
 *
 * State: open -> answered (a reply was sent) -> closed; staff may close an open one, and a
 * closed one takes no reply and no second close (every change is conditioned on the state).
 */
import type { InquiryReply, InquirySummary } from "@domain/back-office/inquiries";
import { INQUIRY_QUESTIONS, type InquiryAnswers, type InquiryQuestionId, type InquiryState, type InquiryType } from "@domain/inquiry";
import { parseJsonOr } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface InquiryRow {
  id: string;
  type: InquiryType;
  shop_id: string;
  language: string;
  sku: string;
  product_name: string;
  message: string;
  name: string;
  /** Lower case. */
  email: string;
  phone: string | null;
  /** Lower case, e.g. `de`. */
  country: string;
  /** In the product's sales unit; null when none was given. */
  quantity: number | null;
  /** The unit's code (e.g. SQM) when a quantity was given. */
  unit: string | null;
  /** JSON {questionId: boolean}. */
  answers: string;
  state: InquiryState;
  visitor_id: string | null;
  customer_id: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  /** The terrace planner configuration an offer request hands over (terrace_configurations.number), or null. */
  configuration_number: string | null;
}

export interface InquiryReplyRow {
  id: number;
  inquiry_id: string;
  message: string;
  staff_email: string;
  created_at: string;
}

/** An inquiries row as the staff reads select it: with its reply count and its offer's id. */
export type InquiryListRow = InquiryRow & { reply_count: number; offer_id: string | null };

/** The answered yes/no steps of a row, in the order the type asks them; anything else in the column is ignored. */
export function answersOf(row: Pick<InquiryRow, "type" | "answers">): { id: InquiryQuestionId; answer: boolean }[] {
  const stored = parseJsonOr<Record<string, unknown>>(row.answers, {});
  const questions: readonly { id: InquiryQuestionId }[] = INQUIRY_QUESTIONS[row.type] ?? [];
  return questions.flatMap((question) => {
    const answer = stored && typeof stored === "object" ? stored[question.id] : undefined;
    return typeof answer === "boolean" ? [{ id: question.id, answer }] : [];
  });
}

export function inquirySummaryOf(row: InquiryListRow): InquirySummary {
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    shop: row.shop_id,
    language: row.language,
    sku: row.sku,
    productName: row.product_name,
    name: row.name,
    email: row.email,
    replyCount: row.reply_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function inquiryReplyOf(row: InquiryReplyRow): InquiryReply {
  return { message: row.message, by: row.staff_email, at: row.created_at };
}

/** The columns of InquiryListRow, over `inquiries i`. */
export const INQUIRY_LIST_COLUMNS = sql`i.*, (SELECT COUNT(*) FROM inquiry_replies r WHERE r.inquiry_id = i.id) AS reply_count,
  (SELECT o.id FROM offers o WHERE o.inquiry_id = i.id) AS offer_id`;

export interface NewInquiry {
  id: string;
  type: InquiryType;
  shopId: string;
  language: string;
  sku: string;
  productName: string;
  message: string;
  name: string;
  email: string;
  phone: string | null;
  country: string;
  quantity: number | null;
  unit: string | null;
  answers: InquiryAnswers;
  visitorId: string | null;
  customerId: string | null;
  /** An offer request's terrace planner configuration number. */
  configurationNumber?: string | null;
  now: Date;
}

/** Writes a new open inquiry (a taken id fails the statement, and with it the batch). */
export function insertInquiry(inquiry: NewInquiry): SqlFragment {
  const at = inquiry.now.toISOString();
  return sql`INSERT INTO inquiries (id, type, shop_id, language, sku, product_name, message, name, email, phone, country, quantity, unit, answers,
      state, visitor_id, customer_id, configuration_number, created_at, updated_at)
    VALUES (${inquiry.id}, ${inquiry.type}, ${inquiry.shopId}, ${inquiry.language}, ${inquiry.sku}, ${inquiry.productName}, ${inquiry.message},
      ${inquiry.name}, ${inquiry.email}, ${inquiry.phone}, ${inquiry.country}, ${inquiry.quantity}, ${inquiry.quantity === null ? null : inquiry.unit},
      ${JSON.stringify(inquiry.answers)}, 'open', ${inquiry.visitorId}, ${inquiry.customerId}, ${inquiry.configurationNumber ?? null}, ${at}, ${at})`;
}

export const selectInquiry = (id: string): SqlFragment => sql`SELECT ${INQUIRY_LIST_COLUMNS} FROM inquiries i WHERE i.id = ${id}`;

export const selectInquiryReplies = (id: string): SqlFragment => sql`SELECT * FROM inquiry_replies WHERE inquiry_id = ${id} ORDER BY id`;

/** True while the inquiry takes replies and can be closed: it exists and is not closed. */
export const inquiryNotClosed = (id: string): SqlFragment => sql`EXISTS (SELECT 1 FROM inquiries WHERE id = ${id} AND state <> 'closed')`;

/** A staff reply, written only while the inquiry is not closed. */
export const insertInquiryReply = (id: string, message: string, staffEmail: string, now: Date): SqlFragment =>
  sql`INSERT INTO inquiry_replies (inquiry_id, message, staff_email, created_at)
    SELECT ${id}, ${message}, ${staffEmail}, ${now.toISOString()} WHERE ${inquiryNotClosed(id)}`;

/** After a reply: the inquiry is answered (unless it was closed). */
export const markInquiryAnswered = (id: string, now: Date): SqlFragment =>
  sql`UPDATE inquiries SET state = 'answered', updated_at = ${now.toISOString()} WHERE id = ${id} AND state <> 'closed'`;

/** Closes the inquiry unless it is closed already (0 changes then). */
export const closeInquiry = (id: string, now: Date): SqlFragment =>
  sql`UPDATE inquiries SET state = 'closed', closed_at = ${now.toISOString()}, updated_at = ${now.toISOString()} WHERE id = ${id} AND state <> 'closed'`;
