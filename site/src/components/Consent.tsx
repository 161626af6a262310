import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { CONSENT_MANAGER_EVENT, answerConsent, consentAnswered, type ConsentAnswer } from "../lib/consent";

/**
 * Cookie consent. When the environment enables cookies (GET /apiv2/environment
 * `cookies.enabled`, read at run time; "a consent-manager script is added when the
 * environment enables cookies") the consent manager's script asks (lib/tracking/load.ts) and
 * this dialog steps aside; otherwise this dialog does, once, and keeps the answer in a cookie
 * for 365 days; the answer also updates Google Consent Mode (lib/tracking/consent-mode.ts). It is in the static HTML of every page, hidden before
 * the first paint for a visitor who answered (lib/consent.ts); the page hydrates it as it is
 * and removes it from the page for that visitor.
 */
export function Consent({ privacyPath }: { privacyPath: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(true);
  React.useEffect(() => {
    if (consentAnswered()) setOpen(false);
    const stepAside = () => setOpen(false);
    window.addEventListener(CONSENT_MANAGER_EVENT, stepAside);
    return () => window.removeEventListener(CONSENT_MANAGER_EVENT, stepAside);
  }, []);
  if (!open) return null;
  const answer = (value: ConsentAnswer) => {
    answerConsent(value);
    setOpen(false);
  };
  return (
    <div className="consent" role="dialog" aria-modal="false" aria-labelledby="consent-title">
      <p id="consent-title" className="consent-title">
        {t("consent.title")}
      </p>
      <p className="consent-text">
        {t("consent.text")} {privacyPath ? <Link to={privacyPath}>{t("consent.privacy")}</Link> : null}
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
