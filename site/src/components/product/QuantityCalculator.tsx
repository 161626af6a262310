import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "../../lib/page-data";
import { calculateQuantity } from "../../lib/quantity";
import { formatMoney, formatQuantity } from "../../../../domain/money";

/** m² (or the product's unit) in, packages out; with the waste allowance and the total. */
export function QuantityCalculator({
  product,
  currency,
  language,
  onPackagesChange,
}: {
  product: ProductData;
  /** The shop's currency and the page's language choose the number format (domain/money.ts). */
  currency: string;
  language: string;
  onPackagesChange: (packages: number) => void;
}) {
  const { t } = useTranslation();
  const { unit, packageContent, blendPercent, stock, price } = product;
  const minimum = stock.minimumOrderQuantity > packageContent ? stock.minimumOrderQuantity : packageContent;
  const [amountText, setAmountText] = React.useState(String(minimum).replace(".", ","));
  const [useBlend, setUseBlend] = React.useState(blendPercent > 0);
  const amount = Number(amountText.replace(",", "."));
  const result = calculateQuantity({
    amount,
    packageContent,
    blendPercent,
    useBlend,
    minimumOrderQuantity: stock.minimumOrderQuantity,
    packagePriceMinor: price?.packagePrice.amount ?? 0,
  });
  React.useEffect(() => onPackagesChange(result.packages), [result.packages, onPackagesChange]);
  const number = (value: number) => formatQuantity(value, language);
  return (
    <fieldset className="calculator">
      <legend>{t("calculator.title")}</legend>
      <div className="calculator-row">
        <label htmlFor="calculator-amount">{t("calculator.amount", { unit: unit.label })}</label>
        <input
          id="calculator-amount"
          type="text"
          inputMode="decimal"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          aria-describedby="calculator-result"
        />
      </div>
      {blendPercent > 0 ? (
        <div className="calculator-row checkbox">
          <input id="calculator-blend" type="checkbox" checked={useBlend} onChange={(event) => setUseBlend(event.target.checked)} />
          <label htmlFor="calculator-blend">{t("calculator.blend", { percent: blendPercent })}</label>
        </div>
      ) : null}
      <output id="calculator-result" className="calculator-result" htmlFor="calculator-amount calculator-blend" aria-live="polite">
        <span data-testid="calculator-packages">{t("calculator.packages", { count: result.packages })}</span>
        <span>{t("calculator.finalAmount", { amount: number(result.finalAmount), unit: unit.label })}</span>
        {result.blendAmount > 0 ? (
          <span className="muted small">{t("calculator.blendAmount", { amount: number(result.blendAmount), unit: unit.label })}</span>
        ) : null}
        {price ? (
          <strong data-testid="calculator-total">
            {t("calculator.total")} {formatMoney(result.totalMinor, currency, language)}
          </strong>
        ) : null}
      </output>
      {stock.minimumOrderQuantity > 1 ? (
        <p className={result.raisedToMinimum ? "notice small" : "muted small"}>
          {t("product.minimumOrder", { quantity: number(stock.minimumOrderQuantity), unit: unit.label })}
        </p>
      ) : null}
    </fieldset>
  );
}
