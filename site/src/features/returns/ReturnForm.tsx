/**
 * One screen with the items and the reason and details of the return, so a
 * guest from the landing page needs four screens in all. The items are checked by the
 * selection rules (selection.ts), reason, proposal, message and phone by the form's zod
 * schema; both show their errors at once when the visitor continues.
 */
import React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { uploadImage } from "./api";
import type { DetailsValues } from "./flow";
import { detailsFormSchema, type DetailsForm, type DetailsFormInput } from "./forms";
import { useFormTexts } from "./useFormTexts";
import { ImageUploads, type ImagesUpdate } from "./ImageUploads";
import type { ImageEntry } from "./images";
import { ItemsList } from "./ItemsList";
import { hasSelectionErrors, initialEntries, validateSelection, wholeOrderEntries, type Entries, type SelectionErrors } from "./selection";
import type { RmaOptions, RmaOrder } from "./types";

export interface ReviewedReturn {
  entries: Entries;
  wholeOrder: boolean;
  details: DetailsValues;
}

export function ReturnForm({
  order,
  options,
  initial,
  images,
  locale,
  onImages,
  onReviewed,
  upload,
}: {
  order: RmaOrder;
  options: RmaOptions;
  initial: ReviewedReturn;
  images: ImageEntry[];
  locale: string;
  onImages: ImagesUpdate;
  onReviewed: (reviewed: ReviewedReturn) => void;
  upload?: typeof uploadImage;
}) {
  const { t } = useTranslation("returns");
  const texts = useFormTexts();
  const [entries, setEntries] = React.useState<Entries>(() => (Object.keys(initial.entries).length > 0 ? initial.entries : initialEntries(order)));
  const [wholeOrder, setWholeOrder] = React.useState(initial.wholeOrder);
  const [selectionErrors, setSelectionErrors] = React.useState<SelectionErrors | null>(null);
  const form = useForm<DetailsFormInput, unknown, DetailsForm>({
    resolver: zodResolver(detailsFormSchema(texts)),
    defaultValues: initial.details,
  });
  const reason = form.watch("reason") ?? "";
  const errors = form.formState.errors;

  // The whole order follows the reason (a defect may name lines whose return window closed).
  React.useEffect(() => {
    if (wholeOrder) setEntries(wholeOrderEntries(order, reason));
  }, [wholeOrder, reason, order]);
  // After a first attempt the item errors follow every change.
  React.useEffect(() => {
    setSelectionErrors((shown) => (shown ? validateSelection(texts, order, entries, reason, wholeOrder) : null));
  }, [texts, order, entries, reason, wholeOrder]);

  const uploading = images.some((image) => image.status === "uploading");
  const submit = (event: React.FormEvent) => {
    const selection = validateSelection(texts, order, entries, reason, wholeOrder);
    setSelectionErrors(selection);
    void form.handleSubmit((details) => {
      if (hasSelectionErrors(selection) || uploading) return;
      onReviewed({
        entries,
        wholeOrder,
        details: { reason: details.reason, proposal: details.proposal ?? "", message: details.message, phone: details.phone ?? "" },
      });
    })(event);
  };

  const fieldError = (message: string | undefined, id: string) =>
    message ? (
      <span className="field-error" id={id} role="alert">
        {message}
      </span>
    ) : null;

  return (
    <form noValidate onSubmit={submit} className="returns-form" data-testid="returns-form">
      <ItemsList
        order={order}
        reason={reason}
        entries={entries}
        wholeOrder={wholeOrder}
        errors={selectionErrors}
        locale={locale}
        onEntries={setEntries}
        onWholeOrder={(on) => {
          setWholeOrder(on);
          if (!on) setEntries(initialEntries(order));
        }}
      />
      <fieldset className="returns-details" data-testid="returns-details">
        <legend>{t("returns.details.title")}</legend>
        <div className="form-row">
          <label htmlFor="returns-reason">{t("returns.details.reason")}</label>
          <select id="returns-reason" aria-invalid={!!errors.reason} {...form.register("reason")}>
            <option value="">{t("returns.details.choose")}</option>
            {options.reasons.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {fieldError(errors.reason?.message, "returns-reason-error")}
        </div>
        <div className="form-row">
          <label htmlFor="returns-proposal">{t("returns.details.proposal")}</label>
          <select id="returns-proposal" aria-invalid={!!errors.proposal} {...form.register("proposal")}>
            <option value="">{t("returns.details.noProposal")}</option>
            {options.proposals.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {fieldError(errors.proposal?.message, "returns-proposal-error")}
        </div>
        <div className="form-row">
          <label htmlFor="returns-message">{t("returns.details.message")}</label>
          <textarea id="returns-message" rows={5} maxLength={2000} aria-invalid={!!errors.message} {...form.register("message")} />
          {fieldError(errors.message?.message, "returns-message-error")}
        </div>
        <div className="form-row">
          <label htmlFor="returns-phone">{t("returns.details.phone")}</label>
          <input id="returns-phone" type="tel" autoComplete="tel" aria-invalid={!!errors.phone} {...form.register("phone")} />
          {fieldError(errors.phone?.message, "returns-phone-error")}
        </div>
        <ImageUploads images={images} onImages={onImages} upload={upload} />
      </fieldset>
      <div className="returns-actions">
        <button type="submit" className="button" disabled={uploading} data-testid="to-overview">
          {t("returns.items.next")}
        </button>
        {uploading ? <span className="muted small">{t("returns.details.waitForUploads")}</span> : null}
      </div>
    </form>
  );
}
