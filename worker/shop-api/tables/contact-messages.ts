/**
 * The contact page's messages (migrations/0028_contact.sql): one row per message as the
 * sender sent it, written by worker/shop-api/contact with its two mails in one batch.
 */
import type { StaffContactMessage } from "@domain/back-office/contact-messages";
import type { ContactTopic } from "@domain/contact";
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface ContactMessageRow {
  /** The reference the sender sees: K- and 10 characters of Crockford's base32. */
  id: string;
  shop_id: string;
  language: string;
  topic: ContactTopic;
  order_number: string | null;
  message: string;
  name: string;
  /** Lower case. */
  email: string;
  phone: string | null;
  visitor_id: string | null;
  created_at: string;
}

export interface NewContactMessage {
  id: string;
  shopId: string;
  language: string;
  topic: ContactTopic;
  orderNumber: string | null;
  message: string;
  name: string;
  email: string;
  phone: string | null;
  visitorId: string | null;
  now: Date;
}

export function insertContactMessage(message: NewContactMessage): SqlFragment {
  return sql`INSERT INTO contact_messages (id, shop_id, language, topic, order_number, message, name, email, phone, visitor_id, created_at)
    VALUES (${message.id}, ${message.shopId}, ${message.language}, ${message.topic}, ${message.orderNumber}, ${message.message},
      ${message.name}, ${message.email}, ${message.phone}, ${message.visitorId}, ${message.now.toISOString()})`;
}

/** The newest messages first, of one shop or all; `q` finds a reference, a name or an e-mail address (a part of it). */
export function selectContactMessages(filter: { shop: string | null; q: string | null; limit: number }): SqlFragment {
  const shop = filter.shop ? sql`shop_id = ${filter.shop}` : sql`1`;
  const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%` : null;
  const q = pattern ? sql`(id LIKE ${pattern} ESCAPE '\\' OR name LIKE ${pattern} ESCAPE '\\' OR email LIKE ${pattern} ESCAPE '\\')` : sql`1`;
  return sql`SELECT * FROM contact_messages WHERE ${shop} AND ${q} ORDER BY created_at DESC, id DESC LIMIT ${filter.limit}`;
}

export function contactMessageOf(row: ContactMessageRow): StaffContactMessage {
  return {
    reference: row.id,
    shop: row.shop_id,
    language: row.language,
    topic: row.topic,
    orderNumber: row.order_number,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.created_at,
  };
}
