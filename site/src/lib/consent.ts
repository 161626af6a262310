/**
 * The cookie-consent answer (SPEC 7). The dialog is part of every page's static HTML; an
 * inline script in <head> (site/gatsby-ssr.tsx) marks <html> before the first paint when
 * the visitor has answered, and the stylesheet hides the dialog under that mark, so it
 * neither waits for the page's JavaScript nor flashes for a visitor who answered.
 */
export const CONSENT_COOKIE = "bh_consent";
/** Without a consent manager (GATSBY_CONSENT_MANAGER_KEY, see PageHead) the pages ask with their own dialog. */
export const CONSENT_BY_DIALOG = !process.env.GATSBY_CONSENT_MANAGER_KEY;
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
  window.dispatchEvent(new CustomEvent("bh:consent", { detail: answer }));
}
