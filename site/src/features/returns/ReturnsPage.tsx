/**
 * The returns and withdrawal pages' frame: the heading in the static HTML, the flow itself
 * (forms with react-hook-form and zod, the live calls) loaded in the browser only, since
 * everything it shows depends on the address (?order=&sig=) and the live API.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ShopRouting } from "@domain/routes";
import "./returns.css";

const ReturnsFlow = React.lazy(() => import("./ReturnsFlow"));
const WithdrawFlow = React.lazy(() => import("./WithdrawFlow"));

export interface PageProps {
  shop: ShopRouting;
  language: string;
}

function Loading() {
  const { t } = useTranslation("returns");
  return (
    <p className="muted" role="status" data-testid="returns-loading">
      {t("returns.loading")}
    </p>
  );
}

/** Renders `children` only after hydration (the static HTML shows the loading line). */
function InBrowser({ children }: { children: React.ReactNode }) {
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => setMounted(true), []);
  return mounted ? <React.Suspense fallback={<Loading />}>{children}</React.Suspense> : <Loading />;
}

export function ReturnsPage({ shop, language }: PageProps) {
  const { t } = useTranslation("returns");
  return (
    <div className="returns-page" data-testid="returns-page">
      <h1>{t("returns.title")}</h1>
      <InBrowser>
        <ReturnsFlow shop={shop} language={language} />
      </InBrowser>
    </div>
  );
}

export function WithdrawPage({ shop, language }: PageProps) {
  const { t } = useTranslation("returns");
  return (
    <div className="returns-page" data-testid="withdraw-page">
      <h1>{t("returns.withdrawTitle")}</h1>
      <InBrowser>
        <WithdrawFlow shop={shop} language={language} />
      </InBrowser>
    </div>
  );
}
