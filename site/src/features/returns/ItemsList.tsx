/**
 * The items step: the order's lines with ordered amount, a select flag and
 * the return amount (at most what may still be returned), the whole-order option, and the
 * lines that cannot be returned with their reason. A line whose return period is over shows
 * no returnable amount, only what may still be reported as a defect.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { isAllowedKey } from "../commerce/QuantityCounter";
import { blockedReasonOf, limitOf, onlyForDefects, type Entries, type SelectionErrors } from "./selection";
import { formatDateTime } from "./texts";
import type { RmaOrder } from "./types";

export function ItemsList({
  order,
  reason,
  entries,
  wholeOrder,
  errors,
  locale,
  onEntries,
  onWholeOrder,
}: {
  order: RmaOrder;
  reason: string;
  entries: Entries;
  wholeOrder: boolean;
  errors: SelectionErrors | null;
  locale: string;
  onEntries: (entries: Entries) => void;
  onWholeOrder: (on: boolean) => void;
}) {
  const { t } = useTranslation("returns");
  const anyChoosable = order.lines.some((line) => limitOf(line, reason) > 0);
  const change = (lineNo: number, patch: Partial<Entries[number]>) => onEntries({ ...entries, [lineNo]: { ...entries[lineNo]!, ...patch } });
  return (
    <fieldset className="returns-items" data-testid="returns-items" aria-describedby="returns-items-intro">
      <legend>{t("returns.items.title")}</legend>
      <p id="returns-items-intro">{t("returns.form.selectToReturn")}</p>
      {anyChoosable ? (
        <label className="returns-whole-order">
          <input type="checkbox" checked={wholeOrder} onChange={(event) => onWholeOrder(event.target.checked)} data-testid="whole-order" />{" "}
          {t("returns.items.wholeOrder")}
        </label>
      ) : (
        <p className="warning" role="status" data-testid="nothing-returnable">
          {t("returns.items.nothingReturnable")}
        </p>
      )}
      <ul className="returns-lines">
        {order.lines.map((line) => {
          const entry = entries[line.lineNo] ?? { selected: false, quantity: "1" };
          const limit = limitOf(line, reason);
          const blocked = blockedReasonOf(line, reason);
          const error = errors?.lines[line.lineNo];
          const selected = entry.selected && (!blocked || !!error);
          const id = `returns-line-${line.lineNo}`;
          return (
            <li key={line.lineNo} className={`returns-line${blocked ? " blocked" : ""}`} data-testid={`line-${line.lineNo}`}>
              {line.image ? (
                <img src={line.image.src} alt={line.image.alt} width={64} height={64} loading="lazy" />
              ) : (
                <span className="returns-line-image" aria-hidden="true" />
              )}
              <div className="returns-line-text">
                <label htmlFor={`${id}-select`} className="returns-line-name">
                  <input
                    type="checkbox"
                    id={`${id}-select`}
                    checked={selected}
                    disabled={(blocked !== null && !selected) || wholeOrder}
                    onChange={(event) => change(line.lineNo, { selected: event.target.checked })}
                    data-testid={`select-${line.lineNo}`}
                  />{" "}
                  {line.name}
                </label>
                <p className="muted small">
                  {t("returns.items.sku", { sku: line.sku })} · {t("returns.items.ordered", { quantity: line.ordered })}
                  {/* Once the return period is over nothing is returnable: only what a defect may still name is counted, as such. */}
                  {blocked ? null : onlyForDefects(line) ? (
                    <> · {t("returns.items.complaintable", { quantity: line.complaintable })}</>
                  ) : (
                    <> · {t("returns.items.returnable", { quantity: limit })}</>
                  )}
                  {!blocked && line.returnable > 0 && line.returnableUntil && reason !== "DEFECTIVE" ? (
                    <> · {t("returns.items.until", { date: formatDateTime(line.returnableUntil, locale) })}</>
                  ) : null}
                </p>
                {blocked ? (
                  <p className="returns-blocked" data-testid={`blocked-${line.lineNo}`}>
                    {t(`returns.items.blocked.${blocked}`)}
                    {blocked === "window_closed" && onlyForDefects(line) ? <> {t("returns.items.defectsOnly")}</> : null}
                  </p>
                ) : null}
                {blocked && error ? (
                  <p className="field-error" role="alert" data-testid={`line-error-${line.lineNo}`}>
                    {error}
                  </p>
                ) : null}
                {!blocked && onlyForDefects(line) && reason !== "DEFECTIVE" ? (
                  <p className="returns-blocked small" data-testid={`defects-only-${line.lineNo}`}>
                    {t("returns.items.blocked.window_closed")} {t("returns.items.defectsOnly")}
                  </p>
                ) : null}
              </div>
              {blocked ? null : (
                <div className="returns-line-quantity">
                  <label htmlFor={`${id}-quantity`}>{t("returns.items.quantity")}</label>
                  <input
                    id={`${id}-quantity`}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    size={4}
                    maxLength={4}
                    value={entry.quantity}
                    disabled={wholeOrder}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onKeyDown={(event) => {
                      if (!isAllowedKey(event)) event.preventDefault();
                    }}
                    onChange={(event) => change(line.lineNo, { quantity: event.target.value.replace(/\D/g, "").slice(0, 4), selected: true })}
                    data-testid={`quantity-${line.lineNo}`}
                  />
                  <span className="muted small">{t("returns.items.of", { quantity: limit })}</span>
                  {error ? (
                    <span className="field-error" id={`${id}-error`} role="alert" data-testid={`quantity-error-${line.lineNo}`}>
                      {error}
                    </span>
                  ) : null}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {errors?.general ? (
        <p className="field-error" role="alert" data-testid="items-error">
          {errors.general}
        </p>
      ) : null}
    </fieldset>
  );
}
