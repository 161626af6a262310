/**
 * The product page's inquiry modal ("buttons for question and offer", "product
 * inquiry modal, ask modal"): the inquiry form of a product question or an offer request, then
 * the thank-you. Opening it locks the page behind it; closing it (the close button, Escape, the
 * backdrop) resets the top margin and the fixed navigation (page-lock.ts) and gives the focus
 * back to the button that opened it. Loaded when a visitor opens it: not in the product page's
 * first-load JavaScript (docs/decisions/0011).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { InquiryAnswer, InquiryType } from "@domain/inquiry";
import type { InquiryProduct } from "./api";
import { InquiryForm, InquiryProductSummary, InquiryThanks } from "./InquiryForm";
import { lockPage } from "./page-lock";
import { NAMESPACE } from "./texts";

export interface InquiryModalProps {
  type: InquiryType;
  product: InquiryProduct;
  language: string;
  /** The quantity in the product's sales unit from the page's quantity calculator. */
  quantity?: number | null;
  /** A terrace planner's configuration number the offer request is about. */
  configuration?: string | null;
  /** The shop's delivery countries as the page was built with them; null: asked from the shop API when the modal opens. */
  countries?: readonly string[] | null;
  onClose: () => void;
}

export default function InquiryModal({ type, product, language, quantity, configuration, countries = null, onClose }: InquiryModalProps) {
  const { t } = useTranslation(NAMESPACE);
  const [answer, setAnswer] = React.useState<InquiryAnswer | null>(null);
  const dialog = React.useRef<HTMLDivElement>(null);
  const close = React.useRef(onClose);
  close.current = onClose;

  React.useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockPage();
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      unlock();
      opener?.focus();
    };
  }, []);

  const titleId = `inquiry-modal-title-${type}`;
  return (
    <div
      className="commerce-modal-backdrop inquiry-backdrop"
      data-testid="inquiry-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        className="modal commerce-modal inquiry-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={dialog}
        data-testid="inquiry-modal"
        data-type={type}
      >
        <div className="inquiry-modal-head">
          <h2 id={titleId}>{t(`inquiryTitles.${type}`)}</h2>
          <button type="button" className="button link inquiry-close" onClick={onClose} aria-label={t("inquiryForm.buttons.close")} data-testid="inquiry-close">
            ×
          </button>
        </div>
        <InquiryProductSummary product={product} />
        {answer ? (
          <InquiryThanks answer={answer} product={product} onClose={onClose} />
        ) : (
          <InquiryForm
            type={type}
            product={product}
            language={language}
            countries={countries}
            initialQuantity={quantity}
            configuration={configuration}
            onSubmitted={setAnswer}
          />
        )}
      </div>
    </div>
  );
}
