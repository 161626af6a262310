/** A phone number for display: no-break spaces, so it never wraps inside the number. */
export function displayPhone(phone: string): string {
  return phone.replace(/ /g, "\u00a0");
}

/** The tel: link target of a phone number (digits and a leading +). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
