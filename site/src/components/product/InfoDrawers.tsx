import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { expressFeeTexts } from "@domain/checkout";

/**
 * Shipping, samples, payment and return drawers with links to their pages.
 * The express terms appear only in a shop that offers express (domain/checkout.ts offersExpress).
 */
export function InfoDrawers({
  links,
  shop,
  language,
}: {
  links: { shipping?: string; payment?: string; withdrawal?: string; service?: string };
  shop: { currency: string; deliveryCountries: readonly string[] };
  language: string;
}) {
  const { t } = useTranslation();
  const express = expressFeeTexts(shop, language);
  const shipping = express ? `${t("drawers.shippingText")} ${t("drawers.shippingExpress", express)}` : t("drawers.shippingText");
  const drawers = [
    { key: "shipping", title: t("drawers.shippingTitle"), text: shipping, link: links.shipping },
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
