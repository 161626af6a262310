import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";

/**
 * "Product text marked": shown when a visitor selects the product's title,
 * item number or EAN, e.g. to compare prices: offers the item number and help.
 * Loaded on demand (its own chunk), as a modal <dialog>.
 */
export default function TextMarkedDialog({ product, onClose }: { product: { title: string; sku: string; ean: string | null }; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = React.useRef<HTMLDialogElement>(null);
  React.useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="modal" aria-labelledby="text-marked-title" onClose={onClose}>
      <h2 id="text-marked-title">{t("textMarked.title")}</h2>
      <p>{t("textMarked.text")}</p>
      <dl className="text-marked-data">
        <dt>{t("product.sku")}</dt>
        <dd>{product.sku}</dd>
        {product.ean ? (
          <>
            <dt>{t("product.ean")}</dt>
            <dd>{product.ean}</dd>
          </>
        ) : null}
      </dl>
      <p className="muted">{t("textMarked.priceHint")}</p>
      <form method="dialog">
        <button type="submit" className="button">
          {t("common.close")}
        </button>
      </form>
    </dialog>
  );
}
