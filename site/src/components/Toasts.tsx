import React from "react";
import { wakeOnFirstToast } from "../lib/toast-store";

/**
 * Toasts bottom right: close by click or button, no progress bar. The live
 * region is always on the page; the list (ToastList) loads with the first toast
 * (lib/toast-store.ts: showToast()).
 */
const ToastList = React.lazy(() => import("./ToastList"));

export function Toaster() {
  const [active, setActive] = React.useState(false);
  React.useEffect(() => wakeOnFirstToast(() => setActive(true)), []);
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
