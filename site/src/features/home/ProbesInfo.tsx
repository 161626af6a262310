import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { SAMPLE_LONG_DELIVERY_WEEKS, SAMPLE_PROCESSING_DELAY_HOURS, SAMPLE_SLOT_COUNT } from "@domain/samples";
import "./home.css";

/**
 * Home block ProbesInfo: how free samples work, in the numbers the sample cart and the
 * sample order enforce (up to SAMPLE_SLOT_COUNT per order, processed automatically after
 * SAMPLE_PROCESSING_DELAY_HOURS, long-delivery samples within SAMPLE_LONG_DELIVERY_WEEKS),
 * and the live counter of samples ordered today (`counter`, the page's slot).
 */
export function ProbesInfo({ counter }: { counter: React.ReactNode }) {
  const { t } = useTranslation("home-blocks");
  return (
    <section aria-labelledby="probes-info" className="section probes-info" data-testid="probes-info">
      <h2 id="probes-info">{t("probesInfo.title")}</h2>
      <ol className="probes-steps">
        <li>{t("probesInfo.choose", { count: SAMPLE_SLOT_COUNT })}</li>
        <li>{t("probesInfo.order", { count: SAMPLE_PROCESSING_DELAY_HOURS })}</li>
        <li>{t("probesInfo.delivery", SAMPLE_LONG_DELIVERY_WEEKS)}</li>
      </ol>
      {counter}
    </section>
  );
}
