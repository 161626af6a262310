/**
 * The inquiry page in the browser: the sku is the address's remainder below the page
 * (`/{inquiry}/{sku}`, any remainder); the product's name, picture, sales unit and page come from
 * the shop API (api.ts findProduct); then the form, then the thank-you with the inquiry number
 * and the way back to the product. A shop with inquiries switched off says so instead.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { InquiryAnswer } from "@domain/inquiry";
import { homePath, inquiryPath, type ShopRouting } from "@domain/routes";
import { findProduct, type InquiryProduct } from "./api";
import { inquiriesEnabled } from "./availability";
import { InquiryForm, InquiryProductSummary, InquiryThanks } from "./InquiryForm";
import { Loading } from "./ui";
import { NAMESPACE } from "./texts";

/** The sku an address names below the inquiry page at `base` (`/fragen-zum-produkt/`), or null. */
export function skuFromPath(pathname: string, base: string): string | null {
  if (!pathname.startsWith(base)) return null;
  const rest = pathname.slice(base.length).replace(/\/+$/, "");
  if (rest === "") return null;
  try {
    return decodeURIComponent(rest).trim() || null;
  } catch {
    return null;
  }
}

export default function InquiryFlow({
  shop,
  language,
  type,
  countries,
}: {
  shop: ShopRouting;
  language: string;
  type: "product" | "bulk";
  countries: string[];
}) {
  const { t } = useTranslation(NAMESPACE);
  const sku = React.useMemo(() => skuFromPath(window.location.pathname, inquiryPath(shop, language, type, "")), [shop, language, type]);
  const [product, setProduct] = React.useState<InquiryProduct | null>(null);
  const [answer, setAnswer] = React.useState<InquiryAnswer | null>(null);
  const enabled = inquiriesEnabled();

  React.useEffect(() => {
    if (!sku || !enabled) return;
    let live = true;
    void findProduct(sku).then((found) => {
      // Not found by the search: the form still names the sku (the shop API decides whether it is sold here).
      if (live) setProduct(found ?? { sku, name: sku, unit: null, image: null, link: null });
    });
    return () => {
      live = false;
    };
  }, [sku, enabled]);

  if (!enabled)
    return (
      <p className="notice" role="status" data-testid="inquiries-unavailable">
        {t("inquiryForm.errors.unavailable")}
      </p>
    );
  if (!sku)
    return (
      <div data-testid="inquiry-no-product">
        <p>{t("inquiryForm.noProduct")}</p>
        <a className="button secondary" href={homePath(shop, language)}>
          {t("inquiryForm.toHome")}
        </a>
      </div>
    );
  if (!product) return <Loading />;
  return (
    <>
      <InquiryProductSummary product={product} />
      {answer ? (
        <InquiryThanks answer={answer} product={product} />
      ) : (
        <InquiryForm type={type} product={product} language={language} countries={countries} onSubmitted={setAnswer} />
      )}
    </>
  );
}
