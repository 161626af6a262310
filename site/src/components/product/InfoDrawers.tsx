import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";

/** Shipping, samples, payment and return drawers with links to their pages (SPEC 2.2 Product page). */
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
