import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { CONSENT_COOKIE } from "./Consent";

/** The consent dialog (loaded by ./Consent only when the visitor has not answered yet). */
export default function ConsentDialog({ privacyPath, onAnswer }: { privacyPath: string | null; onAnswer: () => void }) {
  const { t } = useTranslation();
  const answer = (value: "all" | "necessary") => {
    document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
    window.dispatchEvent(new CustomEvent("bh:consent", { detail: value }));
    onAnswer();
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
