import React from "react";
import { shouldShowTextMarkedDialog, TEXT_MARKED_SESSION_KEY } from "@site/lib/text-marked";
import { useInterfaceToggle } from "@site/lib/interface-toggle";

const TextMarkedDialog = React.lazy(() => import("../TextMarkedDialog"));

/** Watches text selections on the product page and opens the dialog once per session. */
export function TextMarkedWatcher({ product }: { product: { title: string; sku: string; ean: string | null } }) {
  const [open, setOpen] = React.useState(false);
  useInterfaceToggle("productMarkDialog", open);
  React.useEffect(() => {
    const check = () => {
      const selection = window.getSelection()?.toString() ?? "";
      let shown = false;
      try {
        shown = window.sessionStorage.getItem(TEXT_MARKED_SESSION_KEY) === "1";
      } catch {
        shown = false;
      }
      if (shouldShowTextMarkedDialog(selection, product, shown)) {
        try {
          window.sessionStorage.setItem(TEXT_MARKED_SESSION_KEY, "1");
        } catch {
          // private mode: at most once per page view then
        }
        setOpen(true);
      }
    };
    document.addEventListener("mouseup", check);
    document.addEventListener("keyup", check);
    return () => {
      document.removeEventListener("mouseup", check);
      document.removeEventListener("keyup", check);
    };
  }, [product]);
  if (!open) return null;
  return (
    <React.Suspense fallback={null}>
      <TextMarkedDialog product={product} onClose={() => setOpen(false)} />
    </React.Suspense>
  );
}
