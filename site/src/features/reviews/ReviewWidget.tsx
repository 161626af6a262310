import React from "react";
import { CONSENT_COOKIE } from "@site/lib/consent";
import { reviewSettings, type ReviewSettings } from "./settings";

/** Whether the visitor agreed to all cookies (the consent dialog's 'all'; lib/consent.ts). */
export function consentedToAll(cookie: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  return cookie.split(/;\s*/).some((part) => part === `${CONSENT_COOKIE}=all`);
}

/**
 * The review provider's widget script (a review rating widget from a review provider):
 * added only when the shop configures one (none in the demo) AND the visitor consented to all
 * cookies, now or later through the consent dialog (its 'bh:consent' event). Until then the
 * page requests nothing from the provider.
 */
export function ReviewWidget({ settings = reviewSettings() }: { settings?: ReviewSettings }) {
  const holder = React.useRef<HTMLDivElement>(null);
  const [consented, setConsented] = React.useState(false);
  React.useEffect(() => {
    if (!settings.widgetScript) return undefined;
    if (consentedToAll()) setConsented(true);
    const onConsent = (event: Event) => {
      if ((event as CustomEvent<string>).detail === "all") setConsented(true);
    };
    window.addEventListener("bh:consent", onConsent);
    return () => window.removeEventListener("bh:consent", onConsent);
  }, [settings.widgetScript]);
  React.useEffect(() => {
    if (!consented || !settings.widgetScript || !holder.current || holder.current.querySelector("script")) return;
    const script = document.createElement("script");
    script.src = settings.widgetScript;
    script.async = true;
    holder.current.appendChild(script);
  }, [consented, settings.widgetScript]);
  if (!settings.widgetScript) return null;
  return <div className="review-widget" ref={holder} data-testid="review-widget" />;
}
