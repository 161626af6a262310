/**
 * The delivery mode and requested date the visitor chose on the cart page, kept for the
 * checkout page in the tab's sessionStorage (per shop host; gone with the tab). Anything
 * stored that is not a known mode, or a requested date that is not a calendar date, reads
 * as the default: standard, no date. A date is kept only with the requested-date mode.
 */
import { isCalendarDate } from "@domain/calendar-date";
import { isDeliveryMode, type DeliveryModeCode } from "@domain/checkout";

export interface DeliveryChoice {
  mode: DeliveryModeCode;
  /** YYYY-MM-DD, only with mode requested_date. */
  desiredDate: string | null;
}

export const DELIVERY_CHOICE_KEY = "bh_delivery_choice";
export const DEFAULT_DELIVERY_CHOICE: DeliveryChoice = { mode: "standard", desiredDate: null };

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

/** The tab's sessionStorage, or null where there is none (build time, storage blocked). */
function sessionStore(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A choice as it may be kept: a known mode, and a calendar date only with a requested date. */
export function normalizeChoice(value: unknown): DeliveryChoice {
  if (!value || typeof value !== "object") return DEFAULT_DELIVERY_CHOICE;
  const { mode, desiredDate } = value as Record<string, unknown>;
  if (!isDeliveryMode(mode)) return DEFAULT_DELIVERY_CHOICE;
  const date = mode === "requested_date" && typeof desiredDate === "string" && isCalendarDate(desiredDate) ? desiredDate : null;
  return { mode, desiredDate: date };
}

/** The choice kept in this tab (standard without a date when none is, or it is unreadable). */
export function readDeliveryChoice(storage: Storage | null = sessionStore()): DeliveryChoice {
  try {
    const text = storage?.getItem(DELIVERY_CHOICE_KEY);
    return text ? normalizeChoice(JSON.parse(text)) : DEFAULT_DELIVERY_CHOICE;
  } catch {
    return DEFAULT_DELIVERY_CHOICE;
  }
}

/** Keeps the choice for the checkout page (normalised; silently not kept where storage is unavailable). */
export function saveDeliveryChoice(choice: DeliveryChoice, storage: Storage | null = sessionStore()): DeliveryChoice {
  const normalized = normalizeChoice(choice);
  try {
    storage?.setItem(DELIVERY_CHOICE_KEY, JSON.stringify(normalized));
  } catch {
    // Storage full or blocked: the checkout page then starts from the default.
  }
  return normalized;
}
