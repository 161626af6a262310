/**
 * Whether the shop takes inquiries (config/shops.json `inquiries.enabled`, put into
 * GATSBY_INQUIRIES by gatsby-config.ts at build time). A shop that has them switched off keeps
 * the toast 'Leider sind Anfragen derzeit nicht verfügbar' on the product page's buttons, and
 * its inquiry pages say the same instead of showing the form.
 */
export function inquiriesEnabled(configured: string | undefined = process.env.GATSBY_INQUIRIES): boolean {
  return configured === "on";
}
