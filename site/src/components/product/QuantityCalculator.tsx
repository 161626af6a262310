import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "@site/lib/page-data";
import { amountFromText, calculateQuantity } from "@site/lib/quantity";
import { formatMoney, formatQuantity } from "@domain/money";

/** Longer than any amount the calculator takes (MAX_QUANTITY packages) in any way of writing it. */
const AMOUNT_MAX_LENGTH = 16;

/**
 * m² (or the product's unit) in, packages out; with the waste allowance and the total. An
 * amount that gives no packages (not a number, not above 0, more than a cart line holds) says so
 * in the page's language and leaves the add-to-cart quantity as it was.
 */
export function QuantityCalculator({
  product,
  currency,
  language,
  onPackagesChange,
}: {
  product: ProductData;
  /** The shop's currency for the total; the page's language chooses the number format (domain/money.ts). */
  currency: string;
  language: string;
  onPackagesChange: (packages: number) => void;
}) {
  const { t } = useTranslation();
  const { unit, packageContent, blendPercent, stock, price } = product;
  const minimum = stock.minimumOrderQuantity > packageContent ? stock.minimumOrderQuantity : packageContent;
  const [amountText, setAmountText] = React.useState(() => formatQuantity(minimum, language));
  const [useBlend, setUseBlend] = React.useState(blendPercent > 0);
  const result = calculateQuantity({
    amount: amountFromText(amountText),
    packageContent,
    blendPercent,
    useBlend,
    minimumOrderQuantity: stock.minimumOrderQuantity,
    packagePriceMinor: price?.packagePrice.amount ?? 0,
  });
  React.useEffect(() => {
    onPackagesChange(result.packages);
  }, [result.packages, onPackagesChange]);
  if (result.problem === "noPackageContent") return null;
  const number = (value: number) => formatQuantity(value, language);
  const problem = result.problem ? t(`calculator.problems.${result.problem}`, { amount: number(result.maximumAmount), unit: unit.label }) : null;
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
          maxLength={AMOUNT_MAX_LENGTH}
          onChange={(event) => setAmountText(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "calculator-problem calculator-result" : "calculator-result"}
          data-testid="calculator-amount"
        />
      </div>
      {blendPercent > 0 ? (
        <div className="calculator-row checkbox">
          <input id="calculator-blend" type="checkbox" checked={useBlend} onChange={(event) => setUseBlend(event.target.checked)} />
          <label htmlFor="calculator-blend">{t("calculator.blend", { percent: blendPercent })}</label>
        </div>
      ) : null}
      {problem ? (
        <p className="notice small" id="calculator-problem" role="alert" data-testid="calculator-problem">
          {problem}
        </p>
      ) : null}
      <output id="calculator-result" className="calculator-result" htmlFor="calculator-amount calculator-blend" aria-live="polite">
        <span data-testid="calculator-packages">{t("calculator.packages", { count: result.packages })}</span>
        <span data-testid="calculator-final-amount">{t("calculator.finalAmount", { amount: number(result.finalAmount), unit: unit.label })}</span>
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
