/**
 * The overview: what will be sent, with back-to-correct and submit; and the
 * success screen with the complaint number.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { DetailsValues } from "./flow";
import type { ImageEntry } from "./images";
import type { TextError } from "./selection";
import type { RmaOptions, RmaOrder } from "./types";

export function Overview({
  order,
  items,
  wholeOrder,
  details,
  options,
  images,
  busy,
  error,
  onCorrect,
  onSubmit,
}: {
  order: RmaOrder;
  items: { lineNo: number; quantity: number }[];
  wholeOrder: boolean;
  details: DetailsValues;
  options: RmaOptions;
  images: ImageEntry[];
  busy: boolean;
  error: TextError | null;
  onCorrect: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation("returns");
  const label = (list: RmaOptions["reasons"], value: string) => list.find((option) => option.value === value)?.label ?? value;
  const photos = images.filter((image) => image.status === "done");
  return (
    <section className="returns-overview" data-testid="returns-overview" aria-labelledby="returns-overview-title">
      <h2 id="returns-overview-title">{t("returns.overview.title")}</h2>
      <p>{t("returns.overview.intro")}</p>
      <dl className="returns-summary">
        <dt>{t("returns.overview.order")}</dt>
        <dd data-testid="overview-order">{order.orderNumber}</dd>
        <dt>{t("returns.overview.items")}</dt>
        <dd>
          {wholeOrder ? <p data-testid="overview-whole-order">{t("returns.overview.wholeOrder")}</p> : null}
          <ul data-testid="overview-items">
            {items.map((item) => {
              const line = order.lines.find((candidate) => candidate.lineNo === item.lineNo);
              return (
                <li key={item.lineNo} data-testid={`overview-line-${item.lineNo}`}>
                  {t("returns.overview.line", { quantity: item.quantity, name: line?.name ?? "", sku: line?.sku ?? "" })}
                </li>
              );
            })}
          </ul>
        </dd>
        <dt>{t("returns.details.reason")}</dt>
        <dd data-testid="overview-reason">{label(options.reasons, details.reason)}</dd>
        <dt>{t("returns.details.proposal")}</dt>
        <dd data-testid="overview-proposal">{details.proposal ? label(options.proposals, details.proposal) : t("returns.details.noProposal")}</dd>
        <dt>{t("returns.details.message")}</dt>
        <dd className="returns-message" data-testid="overview-message">
          {details.message}
        </dd>
        {details.phone ? (
          <>
            <dt>{t("returns.overview.phone")}</dt>
            <dd data-testid="overview-phone">{details.phone}</dd>
          </>
        ) : null}
        <dt>{t("returns.overview.images")}</dt>
        <dd data-testid="overview-images">
          {photos.length === 0 ? (
            t("returns.overview.noImages")
          ) : (
            <ul className="returns-image-list">
              {photos.map((image) => (
                <li key={image.key} className="returns-image">
                  {image.preview ? (
                    <img src={image.preview} alt={t("returns.details.preview", { file: image.name })} width={72} height={72} />
                  ) : (
                    <span className="returns-image-placeholder" aria-hidden="true" />
                  )}
                  <span className="returns-image-name">{image.name}</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {error ? (
        <p className="field-error" role="alert" data-testid="submit-error">
          {t(`returns.${error.key}`, error.params ?? {})}
        </p>
      ) : null}
      <div className="returns-actions">
        <button type="button" className="button" disabled={busy} onClick={onSubmit} data-testid="submit-return">
          {busy ? t("returns.overview.submitting") : t("returns.overview.submit")}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onCorrect} data-testid="correct-return">
          {t("returns.overview.correct")}
        </button>
      </div>
    </section>
  );
}

export function Success({ rmaId, onAnother }: { rmaId: string; onAnother: () => void }) {
  const { t } = useTranslation("returns");
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => heading.current?.focus(), []);
  return (
    <section className="returns-success" data-testid="returns-success" aria-labelledby="returns-success-title">
      <h2 id="returns-success-title" ref={heading} tabIndex={-1}>
        {t("returns.success.title")}
      </h2>
      <p>
        {t("returns.success.number")} <strong data-testid="rma-id">{rmaId}</strong>
      </p>
      <p>{t("returns.success.mail")}</p>
      <button type="button" className="button link" onClick={onAnother}>
        {t("returns.success.another")}
      </button>
    </section>
  );
}
