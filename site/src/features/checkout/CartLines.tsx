import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { QuoteLine, QuoteSample } from "@domain/checkout";
import { formatQuantity } from "@domain/money";
import { imageSrc } from "@site/lib/media";
import { QuantityCounter } from "../commerce/QuantityCounter";
import { lineProblemText } from "./cart-texts";

/** How long a quantity may rest before it is sent (typing 12 sends 12, not 1 and then 12). */
export const QUANTITY_SETTLE_MS = 400;

function ProductImage({ image, link }: { image: QuoteLine["image"]; link: string | null }) {
  const img = <img src={imageSrc(image?.src)} alt={image?.alt ?? ""} width={96} height={72} loading="lazy" />;
  return link ? (
    <Link to={link} className="cart-line-image" tabIndex={-1} aria-hidden="true">
      {img}
    </Link>
  ) : (
    <span className="cart-line-image">{img}</span>
  );
}

/**
 * A product line: image, name linking to the product, SKU, package and unit price, the
 * quantity counter (+1, -1 while above the line's minimum, direct entry; bounded by
 * the minimum order quantity and the stock left), remove, line total, what is wrong
 * with the line now, and that its pack content changed since the packages were chosen (the
 * line holds packages of the current content). `onQuantity`/`onRemove` answer whether the change was made.
 */
export function CartLine({
  line,
  language,
  busy,
  onQuantity,
  onRemove,
}: {
  line: QuoteLine;
  language: string;
  busy: boolean;
  onQuantity: (line: QuoteLine, quantity: number) => Promise<boolean>;
  onRemove: (line: QuoteLine) => void;
}) {
  const { t } = useTranslation("checkout");
  const [value, setValue] = React.useState(line.quantity);
  // The visitor changed the counter since the last change went out; one change is on its way at a time.
  const changed = React.useRef(false);
  const [sending, setSending] = React.useState(false);
  // The cart's quantity shows, unless the visitor changed the counter since: a second + while the first was on its
  // way goes out next, instead of being undone by the first one's answer.
  React.useEffect(() => {
    if (!changed.current) setValue(line.quantity);
  }, [line.quantity]);
  React.useEffect(() => {
    if (value === line.quantity) changed.current = false;
    if (!changed.current || sending) return undefined;
    const timer = setTimeout(() => {
      changed.current = false;
      setSending(true);
      void onQuantity(line, value).then((done) => {
        if (!done && !changed.current) setValue(line.quantity);
        setSending(false);
      });
    }, QUANTITY_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value, line, onQuantity, sending]);
  const choose = (next: number) => {
    changed.current = true;
    setValue(next);
  };
  const amount = (value: number) => `${formatQuantity(value, language)} ${line.unitLabel}`;
  const content = amount(line.packageContent);
  const problemId = `cart-line-problem-${line.itemId}`;
  return (
    <li className={line.problem ? "cart-line has-problem" : "cart-line"} data-testid="cart-line" data-sku={line.sku}>
      <ProductImage image={line.image} link={line.link} />
      <div className="cart-line-main">
        <h3 className="cart-line-name">{line.link ? <Link to={line.link}>{line.name}</Link> : line.name}</h3>
        <p className="muted small">{t("cart.sku", { sku: line.sku })}</p>
        <p className="cart-line-prices small">
          <span data-testid="package-price">{t("cart.packagePrice", { price: line.packagePrice.formattedWithCurrency, content })}</span>
          <span className="muted" data-testid="unit-price">
            {t("cart.unitPrice", { price: line.unitPrice.formattedWithCurrency, unit: line.unitLabel })}
          </span>
        </p>
        {line.packageContentBefore !== null ? (
          <p className="notice small" data-testid="package-content-changed">
            {t("cart.packageContentChanged", {
              now: content,
              before: amount(line.packageContentBefore),
              total: amount(Math.round(line.quantity * line.packageContent * 1000) / 1000),
            })}
          </p>
        ) : null}
        {line.problem ? (
          <p className="cart-line-problem" id={problemId} role="alert" data-testid="line-problem">
            {lineProblemText(t, line.problem)}
          </p>
        ) : null}
      </div>
      <div className="cart-line-quantity" aria-describedby={line.problem ? problemId : undefined}>
        <QuantityCounter
          id={`cart-quantity-${line.itemId}`}
          value={value}
          min={line.minimumQuantity}
          max={line.maxQuantity}
          disabled={busy}
          onChange={choose}
        />
        <button type="button" className="button link cart-line-remove" disabled={busy} onClick={() => onRemove(line)} data-testid="remove-line">
          {t("cart.remove")}
          <span className="visually-hidden"> {line.name}</span>
        </button>
      </div>
      <p className="cart-line-total" data-testid="line-total">
        <span className="visually-hidden">{t("cart.lineTotal")} </span>
        {line.rowTotal.formattedWithCurrency}
      </p>
    </li>
  );
}

/** The free samples in the cart: they ship with the order at no cost. */
export function SampleLines({ samples, busy, onRemove }: { samples: QuoteSample[]; busy: boolean; onRemove: (sample: QuoteSample) => void }) {
  const { t } = useTranslation("checkout");
  if (samples.length === 0) return null;
  return (
    <section className="cart-samples" aria-labelledby="cart-samples-title" data-testid="cart-samples">
      <h2 id="cart-samples-title">{t("cart.samples.title")}</h2>
      <p className="muted small">{t("cart.samples.note")}</p>
      <ul className="cart-lines">
        {samples.map((sample) => (
          <li key={sample.itemId} className="cart-line sample" data-testid="cart-sample" data-sku={sample.sku}>
            <ProductImage image={sample.image} link={sample.link} />
            <div className="cart-line-main">
              <h3 className="cart-line-name">{sample.link ? <Link to={sample.link}>{sample.name}</Link> : sample.name}</h3>
              <p className="muted small">{t("cart.sku", { sku: sample.sku })}</p>
            </div>
            <div className="cart-line-quantity">
              <button type="button" className="button link cart-line-remove" disabled={busy} onClick={() => onRemove(sample)}>
                {t("cart.remove")}
                <span className="visually-hidden"> {sample.name}</span>
              </button>
            </div>
            <p className="cart-line-total">{t("cart.samples.free")}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
