import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { NAMESPACE } from "./texts";

/** The loading line of the inquiry and offer pages (also their static HTML). */
export function Loading() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p className="muted" role="status" data-testid="inquiry-loading">
      {t("inquiryForm.loading")}
    </p>
  );
}

/** Renders `children` only after hydration (the static HTML shows the loading line). */
export function InBrowser({ children }: { children: React.ReactNode }) {
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => setMounted(true), []);
  return mounted ? <React.Suspense fallback={<Loading />}>{children}</React.Suspense> : <Loading />;
}
