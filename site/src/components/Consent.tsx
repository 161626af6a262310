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
const needed = () => !CONSENT_MANAGER && readCookie(document.cookie, CONSENT_COOKIE) === null;
const load = () => import("./ConsentDialog");
// A visitor who has not answered gets the dialog's code while the page hydrates (not
// after), so the dialog shows without an extra round trip; the others never load it.
const preloaded = typeof document !== "undefined" && needed() ? load() : null;
const ConsentDialog = React.lazy(() => preloaded ?? load());

export function Consent({ privacyPath }: { privacyPath: string | null }) {
  const [open, setOpen] = React.useState(false);
  React.useEffect(() => {
    if (needed()) setOpen(true);
  }, []);
  if (!open) return null;
  return (
    <React.Suspense fallback={null}>
      <ConsentDialog privacyPath={privacyPath} onAnswer={() => setOpen(false)} />
    </React.Suspense>
  );
}
