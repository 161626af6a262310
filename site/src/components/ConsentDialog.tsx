import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { readCookie } from "../lib/banner";

/**
 * Cookie consent. When the environment enables cookies (GATSBY_CONSENT_MANAGER_KEY, SPEC 7
 * "a consent-manager script is added when the environment enables cookies") the consent
 * manager's script asks (see PageHead); otherwise this small dialog does, once, and keeps
 * the answer in a cookie for 365 days.
 */
export const CONSENT_COOKIE = "bh_consent";
const CONSENT_MANAGER = Boolean(process.env.GATSBY_CONSENT_MANAGER_KEY);

export function ConsentDialog({ privacyPath }: { privacyPath: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  React.useEffect(() => {
    if (!CONSENT_MANAGER && readCookie(document.cookie, CONSENT_COOKIE) === null) setOpen(true);
  }, []);
  if (!open) return null;
  const answer = (value: "all" | "necessary") => {
    document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
    window.dispatchEvent(new CustomEvent("bh:consent", { detail: value }));
    setOpen(false);
  };
  return (
    <div className="consent" role="dialog" aria-modal="false" aria-labelledby="consent-title">
      <p id="consent-title" className="consent-title">
        {t("consent.title")}
      </p>
      <p className="consent-text">
        {t("consent.text")}{" "}
        {privacyPath ? <Link to={privacyPath}>{t("consent.privacy")}</Link> : null}
      </p>
      <div className="consent-actions">
        <button type="button" className="button secondary" onClick={() => answer("necessary")}>
          {t("consent.necessary")}
        </button>
        <button type="button" className="button" onClick={() => answer("all")}>
          {t("consent.acceptAll")}
        </button>
      </div>
    </div>
  );
}
