import { updateConsentMode } from "./tracking/consent-mode";

/**
 * The cookie-consent answer. The dialog is part of every page's static HTML; an
 * inline script in <head> (site/gatsby-ssr.tsx) marks <html> before the first paint when
 * the visitor has answered, and the stylesheet hides the dialog under that mark, so it
 * neither waits for the page's JavaScript nor flashes for a visitor who answered.
 */
export const CONSENT_COOKIE = "bh_consent";
/**
 * Announced when the environment enables cookies and the consent manager's script was added
 * (lib/tracking/load.ts): from then on that script asks and the dialog steps aside.
 */
export const CONSENT_MANAGER_EVENT = "bh:consent-manager";
export const CONSENT_ANSWERED_ATTRIBUTE = "data-consent-answered";

export type ConsentAnswer = "all" | "necessary";

/** The body of the inline script (its hash goes into the page's CSP at the edge). */
export const MARK_CONSENT_ANSWERED_SCRIPT = `if(/(?:^|;\\s*)${CONSENT_COOKIE}=/.test(document.cookie))document.documentElement.setAttribute("${CONSENT_ANSWERED_ATTRIBUTE}","")`;

export function consentAnswered(): boolean {
  return document.documentElement.hasAttribute(CONSENT_ANSWERED_ATTRIBUTE);
}

/** Keeps the answer for 365 days and marks <html> as the inline script does on the next page. */
export function answerConsent(answer: ConsentAnswer): void {
  document.cookie = `${CONSENT_COOKIE}=${answer}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
  document.documentElement.setAttribute(CONSENT_ANSWERED_ATTRIBUTE, "");
  // Google Consent Mode v2: the tags waiting since the defaults get the answer.
  updateConsentMode(answer);
  window.dispatchEvent(new CustomEvent("bh:consent", { detail: answer }));
}
