import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { subscribeToasts, TOAST_DISMISS_MS, type ToastMessage } from "../lib/toast-store";

interface Toast extends ToastMessage {
  id: number;
}

/** The toasts themselves (loaded with the first one): each closes on click, by its button or after 3 s. */
export default function ToastList() {
  const { t } = useTranslation();
  const [toasts, setToasts] = React.useState<Toast[]>([]);
  React.useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = subscribeToasts((toast) => {
      const id = (next += 1);
      setToasts((current) => [...current, { ...toast, id }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((item) => item.id !== id));
      }, TOAST_DISMISS_MS);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  const close = (id: number) => setToasts((current) => current.filter((item) => item.id !== id));
  return (
    <>
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.type}`} onClick={() => close(toast.id)}>
          <span>{toast.message}</span>
          <button type="button" className="icon-button" aria-label={t("common.close")} onClick={() => close(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </>
  );
}
