/**
 * The toasts' store: success, error, warning, auto-dismiss after 3000 ms. Any
 * component shows one with showToast(); the list subscribes when it has loaded and gets
 * the toasts shown before. The Toaster is woken by the first toast to load the list.
 */
export type ToastType = "success" | "error" | "warning";
export interface ToastMessage {
  type: ToastType;
  message: string;
}

export const TOAST_DISMISS_MS = 3000;
const listeners = new Set<(toast: ToastMessage) => void>();
const pending: ToastMessage[] = [];
let wake: (() => void) | null = null;

export function showToast(toast: ToastMessage): void {
  if (listeners.size === 0) {
    pending.push(toast);
    wake?.();
    return;
  }
  for (const listener of listeners) listener(toast);
}

/** Receives every toast from now on, and the ones shown before the list had loaded. */
export function subscribeToasts(listener: (toast: ToastMessage) => void): () => void {
  listeners.add(listener);
  for (const toast of pending.splice(0)) listener(toast);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls `onToast` at the first toast (at once when one is waiting); returns the unsubscribe. */
export function wakeOnFirstToast(onToast: () => void): () => void {
  wake = onToast;
  if (pending.length > 0) onToast();
  return () => {
    wake = null;
  };
}
