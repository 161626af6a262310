/**
 * Google Consent Mode v2 (docs/decisions/0050). Every page's first inline script in
 * <head> (site/gatsby-ssr.tsx) creates the dataLayer and pushes the defaults, every storage
 * denied and `wait_for_update` so tags wait for the answer, before anything else can push:
 * the tag manager is loaded later, at run time, when GET /apiv2/environment names a container
 * (load.ts). A visitor who already accepted all gets the update right after the defaults;
 * the dialog's answer pushes it when it is given (consent.ts).
 */
/** The dialog's answers (lib/consent.ts ConsentAnswer, which imports this module). */
type ConsentAnswer = "all" | "necessary";

export const CONSENT_TYPES = [
  "ad_storage",
  "ad_user_data",
  "ad_personalization",
  "analytics_storage",
  "functionality_storage",
  "personalization_storage",
  "security_storage",
] as const;

/** How long tags wait for the consent update after the defaults (ms). */
export const WAIT_FOR_UPDATE_MS = 500;

const all = (state: "granted" | "denied") => `{${CONSENT_TYPES.map((type) => `${type}:"${state}"`).join(",")}}`;

/**
 * The body of the inline script (its hash goes into the page's CSP manifest at build time);
 * `consentCookie` is the dialog's cookie (lib/consent.ts, which imports this module).
 */
export function consentDefaultScript(consentCookie: string): string {
  return (
    `window.dataLayer=window.dataLayer||[];window.gtag=window.gtag||function(){window.dataLayer.push(arguments)};` +
    `window.gtag("consent","default",${all("denied").replace(/}$/, `,wait_for_update:${WAIT_FOR_UPDATE_MS}}`)});` +
    `if(/(?:^|;\\s*)${consentCookie}=all(?:;|$)/.test(document.cookie))window.gtag("consent","update",${all("granted")})`
  );
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** The consent state an answer of the dialog grants: everything for 'all', nothing beyond the defaults otherwise. */
export function consentState(answer: ConsentAnswer): Record<(typeof CONSENT_TYPES)[number], "granted" | "denied"> {
  const state = answer === "all" ? "granted" : "denied";
  return Object.fromEntries(CONSENT_TYPES.map((type) => [type, state])) as Record<(typeof CONSENT_TYPES)[number], "granted" | "denied">;
}

/** Pushes the dialog's answer as a consent update (gtag's command form: an Arguments object, as the tag manager expects). */
export function updateConsentMode(answer: ConsentAnswer): void {
  window.dataLayer = window.dataLayer ?? [];
  const layer = window.dataLayer;
  const gtag =
    window.gtag ??
    function gtag() {
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments);
    };
  gtag("consent", "update", consentState(answer));
}
