import React from "react";
import { readCookie } from "../lib/banner";

/**
 * Cookie consent. When the environment enables cookies (GATSBY_CONSENT_MANAGER_KEY, SPEC 7
 * "a consent-manager script is added when the environment enables cookies") the consent
 * manager's script asks (see PageHead); otherwise a small dialog does, once, and keeps the
 * answer in a cookie for 365 days. The dialog's code loads only when it is needed.
 */
export const CONSENT_COOKIE = "bh_consent";
const CONSENT_MANAGER = Boolean(process.env.GATSBY_CONSENT_MANAGER_KEY);
const ConsentDialog = React.lazy(() => import("./ConsentDialog"));

export function Consent({ privacyPath }: { privacyPath: string | null }) {
  const [open, setOpen] = React.useState(false);
  React.useEffect(() => {
    if (!CONSENT_MANAGER && readCookie(document.cookie, CONSENT_COOKIE) === null) setOpen(true);
  }, []);
  if (!open) return null;
  return (
    <React.Suspense fallback={null}>
      <ConsentDialog privacyPath={privacyPath} onAnswer={() => setOpen(false)} />
    </React.Suspense>
  );
}
