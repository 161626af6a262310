/**
 * The third parties of the tracking (docs/decisions/0050), loaded at run time from
 * GET /apiv2/environment, never from a build variable: the tag manager's container when the
 * shop has one (`tagManager.containerId`) and the consent manager's script when the
 * environment enables cookies (`cookies.enabled`, its id code in `cookies.key`). Both
 * come after the consent defaults the first inline script pushed (consent-mode.ts), so no
 * tag can fire before them. The sources are in the edge's CSP (config/shops.json).
 */
export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";
export const CONSENT_MANAGER_SCRIPT = "https://cdn.consentmanager.net/delivery/autoblocking/semiautomatic.min.js";

export interface TrackingEnvironment {
  cookies?: { enabled: boolean; key: string } | null;
  tagManager?: { containerId: string } | null;
}

const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;
const CONSENT_KEY = /^[A-Za-z0-9]{8,64}$/;

function addScript(src: string, attributes: Record<string, string> = {}): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.appendChild(script);
}

/** Loads what the environment names (once per page life; a bad id loads nothing). Returns what it loaded. */
export function loadTracking(environment: TrackingEnvironment): { tagManager: boolean; consentManager: boolean } {
  const containerId = environment.tagManager?.containerId ?? "";
  const key = environment.cookies?.enabled ? (environment.cookies.key ?? "") : "";
  const loaded = { tagManager: CONTAINER_ID.test(containerId), consentManager: CONSENT_KEY.test(key) };
  if (loaded.consentManager) addScript(CONSENT_MANAGER_SCRIPT, { "data-cmp-cdid": key, "data-cmp-host": "delivery.consentmanager.net" });
  if (loaded.tagManager) {
    const src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${containerId}`;
    if (!document.querySelector(`script[src="${src}"]`)) {
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
      addScript(src);
    }
  }
  return loaded;
}
