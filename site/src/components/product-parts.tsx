import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "../lib/page-data";
import { formatMoney, formatQuantity } from "../../../domain/money";
import { calculateQuantity } from "../lib/quantity";
import { priceDisplay } from "../lib/price";
import { imageSrc, mediaHref } from "../lib/media";
import { shouldShowTextMarkedDialog, TEXT_MARKED_SESSION_KEY } from "../lib/text-marked";

/** Building blocks of the product page (SPEC 2.2 Product page). */

export function Gallery({ product }: { product: ProductData }) {
  const { t } = useTranslation();
  const images = product.media.filter((media) => media.kind === "image");
  const [index, setIndex] = React.useState(0);
  React.useEffect(() => setIndex(0), [product.sku]);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className="gallery">
      <img className="gallery-main" src={imageSrc(current?.url)} alt={current?.alt || product.content.title} width={800} height={600} fetchPriority="high" decoding="async" />
      {images.length > 1 ? (
        <ul className="thumbs">
          {images.map((image, position) => (
            <li key={image.url}>
              <button type="button" className={position === index ? "thumb active" : "thumb"} aria-pressed={position === index} onClick={() => setIndex(position)}>
                <img src={imageSrc(image.url)} alt="" width={96} height={72} loading="lazy" />
                <span className="visually-hidden">{t("product.showImage", { number: position + 1 })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function PriceBox({ product }: { product: ProductData }) {
  const { t } = useTranslation();
  const { price, unit } = product;
  if (!price) return <p className="notice">{t("product.noPrice")}</p>;
  const { reduced, percent } = priceDisplay(price);
  return (
    <div className="price-lines">
      <p className="price-row">
        {reduced ? <span className="visually-hidden">{t("card.nowOnly")} </span> : null}
        <span className={reduced ? "price big price-sale" : "price big"} data-testid="package-price">
          {price.packagePrice.formattedWithCurrency}
        </span>{" "}
        <span className="muted">/ {t("card.package")}</span>
        {percent > 0 ? (
          <span className="label label-sale" data-testid="discount-percent">
            {t("card.discount", { percent })}
          </span>
        ) : null}
      </p>
      {reduced ? (
        <p className="muted small">
          {t("product.referencePriceLabel")} <s data-testid="reference-price">{price.referencePrice.formattedWithCurrency}</s>
        </p>
      ) : null}
      <p data-testid="unit-price">{t("product.unitPrice", { price: price.unitPrice.formattedWithCurrency, unit: unit.label })}</p>
      <p className="muted small">
        {price.tax.label}, {t("product.plusShipping")}
      </p>
      <p className="muted small">{t("product.packageContent", { amount: formatNumber(product.packageContent), unit: unit.label })}</p>
    </div>
  );
}

function formatNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

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
  const number = (value: number) => formatQuantity(value, currency, language);
  return (
    <fieldset className="calculator">
      <legend>{t("calculator.title")}</legend>
      <div className="calculator-row">
        <label htmlFor="calculator-amount">{t("calculator.amount", { unit: unit.label })}</label>
        <input id="calculator-amount" type="text" inputMode="decimal" value={amountText} onChange={(event) => setAmountText(event.target.value)} aria-describedby="calculator-result" />
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
        {result.blendAmount > 0 ? <span className="muted small">{t("calculator.blendAmount", { amount: number(result.blendAmount), unit: unit.label })}</span> : null}
        {price ? (
          <strong data-testid="calculator-total">
            {t("calculator.total")} {formatMoney(result.totalMinor, currency, language)}
          </strong>
        ) : null}
      </output>
      {stock.minimumOrderQuantity > 1 ? (
        <p className={result.raisedToMinimum ? "notice small" : "muted small"}>{t("product.minimumOrder", { quantity: number(stock.minimumOrderQuantity), unit: unit.label })}</p>
      ) : null}
    </fieldset>
  );
}

export interface TabDefinition {
  id: string;
  label: string;
  content: React.ReactNode;
}

/** Accessible tabs; every panel is in the HTML (hidden ones with `hidden`), so all text is indexable. */
export function Tabs({ tabs, label }: { tabs: TabDefinition[]; label: string }) {
  const [active, setActive] = React.useState(0);
  const refs = React.useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setActive(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={index === active}
            aria-controls={`panel-${tab.id}`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            onKeyDown={(event) => {
              if (event.key === "ArrowRight") move(index + 1);
              else if (event.key === "ArrowLeft") move(index - 1);
              else if (event.key === "Home") move(0);
              else if (event.key === "End") move(tabs.length - 1);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <section key={tab.id} role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} hidden={index !== active} tabIndex={0} className="tabpanel">
          {tab.content}
        </section>
      ))}
    </div>
  );
}

export function TechnicalData({ product }: { product: ProductData }) {
  const { t } = useTranslation();
  const attributes = product.content.attributes.filter((attribute) => attribute.isVisible);
  return (
    <>
      {attributes.length > 0 ? (
        <table className="attributes">
          <caption className="visually-hidden">{t("product.technicalData")}</caption>
          <tbody>
            <tr>
              <th scope="row">{t("product.sku")}</th>
              <td>{product.sku}</td>
            </tr>
            {product.ean ? (
              <tr>
                <th scope="row">{t("product.ean")}</th>
                <td>{product.ean}</td>
              </tr>
            ) : null}
            {attributes.map((attribute) => (
              <tr key={attribute.code}>
                <th scope="row">{attribute.label}</th>
                <td>{attribute.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {product.downloads.length > 0 ? (
        <>
          <h3>{t("product.downloads")}</h3>
          <ul className="downloads">
            {product.downloads.map((download) => (
              <li key={download.url}>
                <a href={mediaHref(download.url)} type="application/pdf" rel="noopener">
                  {download.title} <span className="muted">(PDF)</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

export function Tutorials({ product }: { product: ProductData }) {
  const { t } = useTranslation();
  if (product.tutorials.length === 0) return <p>{t("product.noTutorials")}</p>;
  return (
    <ul className="tutorials">
      {product.tutorials.map((tutorial) => (
        <li key={tutorial.title}>
          <h3>{tutorial.title}</h3>
          {tutorial.type === "video" && tutorial.url ? (
            <p>
              <a href={mediaHref(tutorial.url)} rel="noopener">
                {t("product.watchVideo")}
              </a>
            </p>
          ) : (
            <p>{tutorial.content}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

export function InfoDrawers({ links }: { links: { shipping?: string; payment?: string; withdrawal?: string; service?: string } }) {
  const { t } = useTranslation();
  const drawers = [
    { key: "shipping", title: t("drawers.shippingTitle"), text: t("drawers.shippingText"), link: links.shipping },
    { key: "samples", title: t("drawers.samplesTitle"), text: t("drawers.samplesText"), link: links.service },
    { key: "payment", title: t("drawers.paymentTitle"), text: t("drawers.paymentText"), link: links.payment },
    { key: "return", title: t("drawers.returnTitle"), text: t("drawers.returnText"), link: links.withdrawal },
  ];
  return (
    <div className="drawers">
      {drawers.map((drawer) => (
        <details key={drawer.key} className="drawer">
          <summary>{drawer.title}</summary>
          <p>
            {drawer.text}
            {drawer.link ? (
              <>
                {" "}
                <Link to={drawer.link}>{t("drawers.more")}</Link>
              </>
            ) : null}
          </p>
        </details>
      ))}
    </div>
  );
}

const TextMarkedDialog = React.lazy(() => import("./TextMarkedDialog"));

/** Watches text selections on the product page and opens the dialog once per session. */
export function TextMarkedWatcher({ product }: { product: { title: string; sku: string; ean: string | null } }) {
  const [open, setOpen] = React.useState(false);
  React.useEffect(() => {
    const check = () => {
      const selection = window.getSelection()?.toString() ?? "";
      let shown = false;
      try {
        shown = window.sessionStorage.getItem(TEXT_MARKED_SESSION_KEY) === "1";
      } catch {
        shown = false;
      }
      if (shouldShowTextMarkedDialog(selection, product, shown)) {
        try {
          window.sessionStorage.setItem(TEXT_MARKED_SESSION_KEY, "1");
        } catch {
          // private mode: at most once per page view then
        }
        setOpen(true);
      }
    };
    document.addEventListener("mouseup", check);
    document.addEventListener("keyup", check);
    return () => {
      document.removeEventListener("mouseup", check);
      document.removeEventListener("keyup", check);
    };
  }, [product]);
  if (!open) return null;
  return (
    <React.Suspense fallback={null}>
      <TextMarkedDialog product={product} onClose={() => setOpen(false)} />
    </React.Suspense>
  );
}
