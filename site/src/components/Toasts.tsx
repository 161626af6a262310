import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";

/**
 * Toasts bottom right (SPEC 9): success, error, warning; close by click or button, no
 * progress bar, auto-dismiss after 3000 ms. Any component shows one with showToast().
 */
export type ToastType = "success" | "error" | "warning";
export interface ToastMessage {
  type: ToastType;
  message: string;
}
interface Toast extends ToastMessage {
  id: number;
}

export const TOAST_DISMISS_MS = 3000;
const listeners = new Set<(toast: ToastMessage) => void>();

export function showToast(toast: ToastMessage): void {
  for (const listener of listeners) listener(toast);
}

export function Toaster() {
  const { t } = useTranslation();
  const [toasts, setToasts] = React.useState<Toast[]>([]);
  React.useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const add = (toast: ToastMessage) => {
      const id = (next += 1);
      setToasts((current) => [...current, { ...toast, id }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((item) => item.id !== id));
      }, TOAST_DISMISS_MS);
      timers.add(timer);
    };
    listeners.add(add);
    return () => {
      listeners.delete(add);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  const close = (id: number) => setToasts((current) => current.filter((item) => item.id !== id));
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.type}`} onClick={() => close(toast.id)}>
          <span>{toast.message}</span>
          <button type="button" className="icon-button" aria-label={t("common.close")} onClick={() => close(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
