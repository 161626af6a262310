/**
 * The inquiry page's frame: the heading in the static HTML, the
 * flow (the product of the address, the form with react-hook-form and zod, the thank-you) loaded
 * in the browser only, since everything it shows depends on the address and the live API.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ShopRouting } from "@domain/routes";
import { NAMESPACE } from "./texts";
import { InBrowser } from "./ui";

const InquiryFlow = React.lazy(() => import("./InquiryFlow"));

export function InquiryPage({ shop, language, type, countries }: { shop: ShopRouting; language: string; type: "product" | "bulk"; countries: string[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="inquiry-page" data-testid="inquiry-page" data-type={type}>
      <h1>{t(`inquiryTitles.${type}`)}</h1>
      <InBrowser>
        <InquiryFlow shop={shop} language={language} type={type} countries={countries} />
      </InBrowser>
    </div>
  );
}
