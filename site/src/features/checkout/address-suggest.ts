/**
 * The rules of the address suggestions in the address forms (docs/decisions/0036):
 * a find for the typed street from ADDRESS_FIND_MIN_CHARS characters on, in the form's
 * country, at most 7 suggestions; a container suggestion (a street, a building) opens
 * with a further find; an address is retrieved whole and fills street, postcode, city
 * and country. The forms work fully without: any failure just shows no suggestions.
 */
import { ADDRESS_FIND_MAX_CHARS, ADDRESS_FIND_MIN_CHARS } from "@domain/address-lookup";

export const ADDRESS_PATHS = {
  find: (text: string, country: string, container?: string) => {
    const query = new URLSearchParams({ text, country });
    if (container) query.set("container", container);
    return `/apiv2/address/find?${query.toString()}`;
  },
  retrieve: (id: string) => `/apiv2/address/retrieve?${new URLSearchParams({ id }).toString()}`,
} as const;

/** How long typing must pause before a find goes out. */
export const FIND_DELAY_MS = 250;

/** The text a find is made for, or null when it is too short or too long for one. */
export function findText(typed: string, country: string): string | null {
  const text = typed.normalize("NFC").trim();
  if (!/^[a-z]{2}$/.test(country)) return null;
  return [...text].length >= ADDRESS_FIND_MIN_CHARS && [...text].length <= ADDRESS_FIND_MAX_CHARS ? text : null;
}

/** The highlighted suggestion after a key: the arrows move through the list and wrap; -1 is none. */
export function moveActive(index: number, key: string, count: number): number {
  if (count === 0) return -1;
  if (key === "ArrowDown") return index + 1 >= count ? 0 : index + 1;
  if (key === "ArrowUp") return index <= 0 ? count - 1 : index - 1;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return index;
}
