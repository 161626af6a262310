/**
 * Storage of ordered goods: an order on call with storage (the checkout
 * allows it with an account and from 1200 in the shop's currency) is stored free of charge
 * for the shop's `storage.freeMonths` (default 3) from the day it was placed (Europe/Berlin):
 * the last free day is that day `freeMonths` months later, less one day, written into the
 * order once (`orders.stored_until`, by the cron), so a later change of the config does not
 * move the period of orders placed before.
 *
 * Call-off: the customer names a desired delivery date, a working day (Monday to Friday)
 * from CALL_OFF_LEAD_WORKING_DAYS working days after today's dispatch day (orders until 10:00
 * leave the same working day, core/delivery-rules.ts) to CALL_OFF_GRACE_DAYS days after the
 * last free day; only while the goods wait (the order is placed or confirmed). A new call-off
 * replaces the open one. Later dates are for the customer service.
 *
 * Reminder: STORAGE_REMINDER_DAYS (14) days before the last free day the cron sends one mail
 * per order (the order marks it sent, and the outbox's dedupe key holds it to one), unless
 * the goods were called off, shipped or the order cancelled.
 */
import type { OrderStorage, StorageState } from "@domain/api/orders";
import { addMonths } from "@domain/calendar-date";
import { addDays, addWorkingDays, berlinTime } from "../core/berlin-time";
import { dispatchDay } from "../core/delivery-rules";
import type { CustomerOrderRow } from "../tables/customer-orders";
import type { StorageCallOff } from "../tables/storage-call-offs";

export const CALL_OFF_LEAD_WORKING_DAYS = 2;
export const CALL_OFF_GRACE_DAYS = 14;
export const STORAGE_REMINDER_DAYS = 14;

/** The last free storage day of an order placed at `placedAt`. */
export function freeStorageUntil(placedAt: string, freeMonths: number): string {
  return addDays(addMonths(berlinTime(new Date(placedAt)).date, freeMonths), -1);
}

/** The stored last free day, or (before the cron wrote it) the one the shop's config gives now. */
export function storedUntilOf(order: Pick<CustomerOrderRow, "stored_until" | "placed_at">, freeMonths: number): string {
  return order.stored_until ?? freeStorageUntil(order.placed_at, freeMonths);
}

/** True while the goods wait in the warehouse: a call-off may be booked. */
export const isWaiting = (state: CustomerOrderRow["state"]): boolean => state === "placed" || state === "confirmed";

/** The dates a call-off may name at `now`, or null when none is left (more than the grace after the free period). */
export function callOffWindow(storedUntil: string, now: Date): { earliest: string; latest: string } | null {
  const earliest = addWorkingDays(dispatchDay(now), CALL_OFF_LEAD_WORKING_DAYS);
  const latest = addDays(storedUntil, CALL_OFF_GRACE_DAYS);
  return latest < earliest ? null : { earliest, latest };
}

export function storageStateOf(state: CustomerOrderRow["state"], hasOpenCallOff: boolean): StorageState {
  if (state === "cancelled") return "cancelled";
  if (state === "shipped" || state === "delivered") return "delivered";
  return hasOpenCallOff ? "called_off" : "stored";
}

/** The storage of an order on call as the customer sees it; null for other delivery modes. */
export function storageView(order: CustomerOrderRow, callOffs: StorageCallOff[], freeMonths: number, now: Date): OrderStorage | null {
  if (order.delivery_mode !== "on_call_storage") return null;
  const storedUntil = storedUntilOf(order, freeMonths);
  const open = callOffs.some((callOff) => callOff.state === "requested");
  const state = storageStateOf(order.state, open);
  return {
    state,
    storedUntil,
    freeMonths,
    callOffs: callOffs.map((callOff) => ({
      desiredDate: callOff.desiredDate,
      requestedAt: callOff.requestedAt,
      state: callOff.state === "replaced" ? "replaced" : state === "delivered" ? "shipped" : state === "cancelled" ? "cancelled" : "requested",
    })),
    callOff: isWaiting(order.state) ? callOffWindow(storedUntil, now) : null,
  };
}
