/**
 * The orders' cron work (run by scheduled.ts every 5 minutes) for goods stored on call:
 * - writes the last free storage day of new orders on call with storage, once
 *   (orders/storage.ts; a later change of the shop's storage.freeMonths does not move it);
 * - sends the storage reminder STORAGE_REMINDER_DAYS days before the free period ends,
 *   exactly once per order (the order marks it, the outbox's dedupe key holds it).
 */
import type { D1Database } from "@cloudflare/workers-types";
import { accountPath } from "@domain/routes";
import { writtenDate } from "@domain/calendar-date";
import { parseJsonOr } from "@worker/lib/json";
import { sql } from "@worker/lib/sql";
import { addDays, berlinTime } from "../core/berlin-time";
import { outboxInsert } from "../core/mail/outbox";
import { shopById } from "../core/shop";
import { markReminded, selectReminderDue, selectUnsetStorage, setStoredUntil, type ReminderRow } from "../tables/customer-orders";
import { freeStorageUntil, STORAGE_REMINDER_DAYS } from "./storage";

/** Orders a run handles per step at most (a backlog is worked off over the next runs). */
const JOB_BATCH = 100;

export interface StorageJobReport {
  storageWritten: number;
  reminders: number;
}

/** The orders on call placed since the last run get their last free storage day. */
async function writeStorageDays(db: D1Database): Promise<number> {
  const { results } = await selectUnsetStorage(JOB_BATCH).prepare(db).all<{ id: string; shop_id: string; placed_at: string }>();
  const statements = results.flatMap((order) => {
    const shop = shopById(order.shop_id);
    return shop ? [setStoredUntil(order.id, freeStorageUntil(order.placed_at, shop.storage.freeMonths)).prepare(db)] : [];
  });
  if (statements.length === 0) return 0;
  const written = await db.batch(statements);
  return written.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
}

function reminderStatements(db: D1Database, order: ReminderRow, now: Date) {
  const shop = shopById(order.shop_id);
  if (!shop || !order.stored_until) return [];
  const billing = parseJsonOr<{ firstname?: string; lastname?: string } | null>(order.billing_address, null);
  const name = [billing?.firstname, billing?.lastname].filter(Boolean).join(" ") || order.email;
  const at = now.toISOString();
  return [
    markReminded(order.id, now).prepare(db),
    outboxInsert(
      {
        shop,
        language: order.language,
        template: "storage-reminder",
        to: order.email,
        params: {
          name,
          orderNumber: order.order_number,
          storedUntil: writtenDate(order.stored_until, order.language),
          path: `${accountPath(shop, order.language, "Order")}?number=${encodeURIComponent(order.order_number)}`,
        },
        dedupeKey: `storage-reminder:${order.id}`,
        // Only the run that marked the order sends (and the dedupe key holds it to one in any case).
        when: sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND storage_reminded_at = ${at})`,
      },
      now,
    ).prepare(db),
  ];
}

/** Reminders for the orders whose free storage ends within the next STORAGE_REMINDER_DAYS days. */
async function sendReminders(db: D1Database, now: Date): Promise<number> {
  const today = berlinTime(now).date;
  const { results } = await selectReminderDue(today, addDays(today, STORAGE_REMINDER_DAYS), JOB_BATCH).prepare(db).all<ReminderRow>();
  const statements = results.flatMap((order) => reminderStatements(db, order, now));
  if (statements.length === 0) return 0;
  const done = await db.batch(statements);
  // Every second statement is a mail (the first of each pair marks the order).
  return done.filter((_, index) => index % 2 === 1).reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
}

export async function runStorageJobs(db: D1Database, now: Date): Promise<StorageJobReport> {
  return { storageWritten: await writeStorageDays(db), reminders: await sendReminders(db, now) };
}
