/**
 * The planner's bill of materials ("Compute"): one row per part with what is needed,
 * the packages in the shop's sales units, the package price and the row total in the shop's
 * currency, the total; a part the catalogue cannot supply shows as a visible line of its own
 * (not in the total), and the boards' waste in percent.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { BillLine } from "@domain/terrace/bill";
import { formatMoney, type MoneyValue } from "@domain/money";
import { formatMetres } from "./numbers";
import { unitLabel } from "./texts";

export const NAMESPACE = "terrace-ui";

export function BillTable({ lines, total, wastePercent }: { lines: BillLine[]; total: MoneyValue; wastePercent: number | null }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n?.language ?? "de";
  const price = (value: MoneyValue | null) => (value ? formatMoney(value.amount, value.currency, language) : "–");
  const missing = lines.some((line) => line.missing !== null);
  return (
    <section className="terrace-bill" aria-labelledby="terrace-bill-title" data-testid="terrace-bill">
      <h2 id="terrace-bill-title">{t("result.bill")}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("result.product")}</th>
            <th scope="col" className="number">
              {t("result.needed")}
            </th>
            <th scope="col" className="number">
              {t("result.packages")}
            </th>
            <th scope="col" className="number">
              {t("result.packagePrice")}
            </th>
            <th scope="col" className="number">
              {t("result.rowTotal")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr
              key={`${line.role}-${line.sku ?? index}`}
              className={line.missing ? "missing" : undefined}
              data-testid="bill-line"
              data-role={line.role}
              data-sku={line.sku ?? ""}
              data-missing={line.missing ?? ""}
            >
              <th scope="row">
                <span className="terrace-bill-role">{t(`result.role.${line.role}`)}</span>
                <span>{line.name}</span>
                {line.sku ? <span className="muted small"> {line.sku}</span> : null}
                {line.missing ? (
                  <strong className="terrace-missing" data-testid="bill-missing">
                    {t("result.missing")}
                  </strong>
                ) : null}
              </th>
              <td className="number">
                {formatMetres(line.needed, language, 2)} {unitLabel(t, line.unit)}
              </td>
              <td className="number">{line.missing ? "–" : line.packages}</td>
              <td className="number">{price(line.packagePrice)}</td>
              <td className="number">{price(line.rowTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t("result.total")}
            </th>
            <td className="number" data-testid="bill-total">
              {price(total)}
            </td>
          </tr>
        </tfoot>
      </table>
      {missing ? (
        <p className="notice" role="note">
          {t("result.missingNote")}
        </p>
      ) : null}
      {wastePercent !== null ? <p data-testid="bill-waste">{t("result.waste", { percent: formatMetres(wastePercent, language, 1) })}</p> : null}
    </section>
  );
}
