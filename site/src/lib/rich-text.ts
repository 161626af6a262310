/**
 * Rich text from the catalogue and the CMS (descriptions, banners, CMS pages) goes into
 * the page as HTML. Merchandisers write "Baustoffe & Zubehör" with a raw ampersand;
 * browsers cope, but it is invalid HTML (and ambiguous before letters and ";"), so raw
 * ampersands that do not start a character reference are escaped.
 */
export function richText(html: string): string {
  return html.replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});)/g, "&amp;");
}

/** A phone number for display: no-break spaces, so it never wraps inside the number. */
export function displayPhone(phone: string): string {
  return phone.replace(/ /g, "\u00a0");
}

/** The tel: link target of a phone number (digits and a leading +). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
