/**
 * Quantities of a cart line (packages): whole numbers from 1 to 9999. A quantity that
 * arrives as text (form data, a path) is one to four ASCII digits and nothing else: no
 * sign, space, exponent, radix prefix (`0x10` is not 16), decimal point or digits of
 * other scripts. A JSON quantity is a number that is an integer in range.
 */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;

const DIGITS = /^[0-9]{1,4}$/;

/** The quantity a text stands for, or null when it is not one to four ASCII digits from 1 to MAX_QUANTITY. */
export function quantityFromText(text: string): number | null {
  if (!DIGITS.test(text)) return null;
  const quantity = Number(text);
  return quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY ? quantity : null;
}

/** True for a number that is a whole quantity from 1 to MAX_QUANTITY (-0, fractions, NaN and Infinity are not). */
export function isQuantity(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_QUANTITY && value <= MAX_QUANTITY;
}
