import React from "react";

/**
 * Toasts bottom right (SPEC 9): success, error, warning; close by click or button, no
 * progress bar, auto-dismiss after 3000 ms. Any component shows one with showToast().
 * The live region is always on the page; the list (ToastList) loads with the first toast.
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

const ToastList = React.lazy(() => import("./ToastList"));

export function Toaster() {
  const [active, setActive] = React.useState(false);
  React.useEffect(() => {
    wake = () => setActive(true);
    if (pending.length > 0) setActive(true);
    return () => {
      wake = null;
    };
  }, []);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {active ? (
        <React.Suspense fallback={null}>
          <ToastList />
        </React.Suspense>
      ) : null}
    </div>
  );
}
