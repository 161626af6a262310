import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { showToast } from "@site/lib/toast-store";
import { useInterfaceToggle } from "@site/lib/interface-toggle";
import { PATHS } from "@site/api/client";
import { sampleAddRefusal, sampleCall, useSampleCart } from "./hooks";
import { openSampleCart, sampleCartPanel } from "./sample-cart-store";
import { SampleCartPanel } from "./Samples";

/**
 * The header's sample cart entry, beside the cart: the number of samples in the sample cart;
 * it opens the sample cart panel on every page, also when the sample cart is full. The panel
 * is shown here for every opener (the product page's sample button after adding, its alert);
 * after a sample order it shows the thank-you until it is closed.
 */
export function SampleCartEntry() {
  const { t } = useTranslation("commerce");
  const { data } = useSampleCart();
  const panel = sampleCartPanel.usePanel();
  const open = panel !== null;
  // The sample order's code once it is placed; its thank-you shows in the panel until the panel closes.
  const [thanks, setThanks] = React.useState<string | null>(null);
  useInterfaceToggle("sampleThankYou", open && thanks !== null);
  useInterfaceToggle("sampleCart", open, { locksScroll: true });
  const opener = React.useRef<HTMLButtonElement>(null);
  const count = data?.cart?.itemCount ?? 0;
  const addSuggestion = async (suggested: string) => {
    const result = await sampleCall(PATHS.sampleAdd, { sku: suggested, quantity: 1, recommendation: true });
    if (!result.ok) showToast({ type: "error", message: t(sampleAddRefusal(result.errors)) });
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="header-counter"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => openSampleCart()}
        data-slot="sample-cart"
        data-testid="sample-cart-entry"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M4 3h16v4H4zm1 6h14v12H5zm4 3v2h6v-2z" fill="currentColor" />
        </svg>
        <span className="counter-label">{t("samples.headerLabel")}</span>
        <span className="badge" aria-hidden="true" data-testid="sample-cart-count">
          {count}
        </span>
        <span className="visually-hidden">{t("samples.headerCount", { count })}</span>
      </button>
      {open ? (
        <SampleCartPanel
          productSku={panel.sku}
          thanks={thanks}
          onThanks={setThanks}
          onClose={() => {
            sampleCartPanel.close();
            setThanks(null);
            opener.current?.focus();
          }}
          onAdd={addSuggestion}
        />
      ) : null}
    </>
  );
}
