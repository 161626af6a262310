/**
 * The order a guest opened by lookup, kept for the tab (sessionStorage) until its token
 * runs out, so the withdrawal page reached from the returns page needs no second lookup.
 * Only the token of one order and what the API answered about it; nothing typed.
 */
import type { RmaLookupAnswer } from "./types";

const KEY = "rma-access";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberAccess(answer: RmaLookupAnswer): void {
  if (!answer.lookupToken) return;
  try {
    storage()?.setItem(KEY, JSON.stringify(answer));
  } catch {
    // Storage full or refused: the withdrawal page asks for the lookup instead.
  }
}

/** The remembered answer for this order while its token is valid, else null (an expired one is forgotten). */
export function recalledAccess(orderNumber: string, now = Date.now()): RmaLookupAnswer | null {
  const store = storage();
  const text = store?.getItem(KEY);
  if (!text) return null;
  try {
    const answer = JSON.parse(text) as RmaLookupAnswer;
    if (typeof answer?.lookupToken !== "string" || typeof answer.expiresAt !== "string" || !answer.order) return null;
    if (Date.parse(answer.expiresAt) <= now) {
      store?.removeItem(KEY);
      return null;
    }
    return answer.order.orderNumber === orderNumber ? answer : null;
  } catch {
    return null;
  }
}
