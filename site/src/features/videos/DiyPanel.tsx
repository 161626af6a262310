import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "@site/lib/page-data";
import { Tutorials } from "@site/components/product/Tutorials";
import { useInterfaceToggle } from "@site/lib/interface-toggle";

/**
 * The DIY panel (an interface toggle): the product's tutorials in a side panel opened
 * from the buy box. Opening locks the page's scrolling and moves the focus into the panel;
 * Escape or the close button closes it and gives the focus back to the opener.
 */
export function DiyPanel({ product }: { product: ProductData }) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  useInterfaceToggle("diyPanel", open, { locksScroll: true });
  const opener = React.useRef<HTMLButtonElement>(null);
  const close = React.useRef<HTMLButtonElement>(null);
  const titleId = `diy-title-${product.sku}`;
  const hide = React.useCallback(() => {
    setOpen(false);
    opener.current?.focus();
  }, []);
  // Before the panel is painted: a key pressed as soon as the shopper sees it already reaches it.
  React.useLayoutEffect(() => {
    if (!open) return undefined;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [open, hide]);
  return (
    <>
      <button type="button" className="button secondary diy-open" ref={opener} aria-expanded={open} onClick={() => setOpen(true)}>
        {t("video.diyOpen")}
      </button>
      {open ? (
        <aside className="diy-panel" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="diy-panel">
          <div className="diy-panel-head">
            <h2 id={titleId}>{t("video.diyTitle")}</h2>
            <button type="button" className="button secondary" ref={close} onClick={hide}>
              {t("video.close")}
            </button>
          </div>
          <Tutorials product={product} headingLevel={3} />
        </aside>
      ) : null}
    </>
  );
}
