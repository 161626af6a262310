/**
 * The terrace planner page's frame: the heading and the small-screen notice in the static HTML;
 * the planner itself (drawing, geometry, bill) is a chunk of its own that loads in the browser
 * only, so no other page's first-load JavaScript carries it (docs/decisions/0011).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ShopRouting } from "@domain/routes";
import "./terrace.css";

const Planner = React.lazy(() => import(/* webpackChunkName: "terrace-planner" */ "./Planner"));

export interface TerracePlannerPageProps {
  shop: ShopRouting;
  language: string;
  currency: string;
}

function Loading() {
  const { t } = useTranslation("terrace-ui");
  return (
    <p className="muted" role="status" data-testid="planner-loading">
      {t("planner.loading")}
    </p>
  );
}

export function TerracePlannerPage({ shop, language, currency }: TerracePlannerPageProps) {
  const { t } = useTranslation("terrace-ui");
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => setMounted(true), []);
  return (
    <div className="terrace-page" data-testid="terrace-page">
      <h1>{t("planner.title")}</h1>
      <p className="notice-info terrace-small-screen" data-testid="small-screen-notice">
        {t("planner.smallScreen")}
      </p>
      {mounted ? (
        <React.Suspense fallback={<Loading />}>
          <Planner shop={shop} language={language} currency={currency} />
        </React.Suspense>
      ) : (
        <Loading />
      )}
    </div>
  );
}
