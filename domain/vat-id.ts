/**
 * VAT IDs: their format per country and their stored form, one rule for the account forms
 * (domain/account-forms.ts) and the checkout (domain/checkout-form.ts). The format only: no
 * VIES lookup (the shop API has no outside network; docs/decisions/0075).
 */

/**
 * VAT IDs by country (the VIES formats; Greece uses EL, Switzerland its UID with an optional
 * MWST/TVA/IVA, Norway its organisation number with an optional MVA), as stored: upper case,
 * without spaces, dots and hyphens. A country not listed takes its own two letters and 2-13
 * letters or digits.
 */
export const VAT_ID_PATTERNS: Readonly<Record<string, RegExp>> = {
  at: /^ATU[0-9]{8}$/,
  be: /^BE[01][0-9]{9}$/,
  bg: /^BG[0-9]{9,10}$/,
  ch: /^CHE[0-9]{9}(MWST|TVA|IVA)?$/,
  cy: /^CY[0-9]{8}[A-Z]$/,
  cz: /^CZ[0-9]{8,10}$/,
  de: /^DE[0-9]{9}$/,
  dk: /^DK[0-9]{8}$/,
  ee: /^EE[0-9]{9}$/,
  es: /^ES[A-Z0-9][0-9]{7}[A-Z0-9]$/,
  fi: /^FI[0-9]{8}$/,
  fr: /^FR[A-HJ-NP-Z0-9]{2}[0-9]{9}$/,
  gb: /^GB([0-9]{9}|[0-9]{12}|GD[0-4][0-9]{2}|HA[5-9][0-9]{2})$/,
  gr: /^EL[0-9]{9}$/,
  hr: /^HR[0-9]{11}$/,
  hu: /^HU[0-9]{8}$/,
  ie: /^IE([0-9]{7}[A-W][A-I]?|[0-9][A-Z+*][0-9]{5}[A-W])$/,
  it: /^IT[0-9]{11}$/,
  li: /^LI[0-9]{5}$/,
  lt: /^LT([0-9]{9}|[0-9]{12})$/,
  lu: /^LU[0-9]{8}$/,
  lv: /^LV[0-9]{11}$/,
  mt: /^MT[0-9]{8}$/,
  nl: /^NL[0-9]{9}B[0-9]{2}$/,
  no: /^NO[0-9]{9}(MVA)?$/,
  pl: /^PL[0-9]{10}$/,
  pt: /^PT[0-9]{9}$/,
  ro: /^RO[0-9]{2,10}$/,
  se: /^SE[0-9]{10}01$/,
  si: /^SI[0-9]{8}$/,
  sk: /^SK[0-9]{10}$/,
};

/** The VAT ID as stored: upper case, without spaces, dots and hyphens. */
export function normalizeVatId(text: string): string {
  return text.replace(/[\s.-]+/g, "").toUpperCase();
}

/** True when the (normalised) VAT ID fits the country's pattern. */
export function isVatIdOf(vatId: string, country: string): boolean {
  if (!/^[a-z]{2}$/i.test(country)) return false;
  const pattern = VAT_ID_PATTERNS[country.toLowerCase()];
  if (pattern) return pattern.test(vatId);
  return new RegExp(`^${country.toUpperCase()}[A-Z0-9]{2,13}$`).test(vatId);
}
