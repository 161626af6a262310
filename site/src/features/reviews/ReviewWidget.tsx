import React from "react";
import { useConsentToAll } from "@site/lib/use-consent";
import { reviewSettings, type ReviewSettings } from "./settings";

/**
 * The review provider's widget script (a review rating widget from a review provider):
 * added only when the shop configures one (none in the demo) AND the visitor consented to all
 * cookies, now or later through the consent dialog (its 'bh:consent' event). Until then the
 * page requests nothing from the provider.
 */
export function ReviewWidget({ settings = reviewSettings() }: { settings?: ReviewSettings }) {
  const holder = React.useRef<HTMLDivElement>(null);
  const consented = useConsentToAll(settings.widgetScript !== null);
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
