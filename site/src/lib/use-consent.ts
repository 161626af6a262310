import React from "react";
import { CONSENT_COOKIE, type ConsentAnswer } from "./consent";

/** Whether the visitor agreed to all cookies (the consent dialog's 'all'; lib/consent.ts). */
export function consentedToAll(cookie: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  return cookie.split(/;\s*/).some((part) => part === `${CONSENT_COOKIE}=all`);
}

/**
 * Whether the visitor agreed to all cookies: earlier (the cookie) or now (the dialog's
 * 'bh:consent' event). Third parties (a review widget, a video platform) load only when true;
 * `watch` false skips listening where nothing would load anyway. False in the static render.
 */
export function useConsentToAll(watch = true): boolean {
  const [consented, setConsented] = React.useState(false);
  React.useEffect(() => {
    if (!watch) return undefined;
    if (consentedToAll()) setConsented(true);
    const onConsent = (event: Event) => {
      if ((event as CustomEvent<ConsentAnswer>).detail === "all") setConsented(true);
    };
    window.addEventListener("bh:consent", onConsent);
    return () => window.removeEventListener("bh:consent", onConsent);
  }, [watch]);
  return consented;
}
