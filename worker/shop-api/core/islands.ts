/**
 * German islands without a road connection to the mainland (North Sea and Baltic),
 * by postcode. Deliveries there are never free, cannot go express and carry the
 * offshore surcharge.
 *
 * Source: this project's own list, compiled from the islands' public postcodes.
 * Islands reached by bridge or causeway (Rügen, Usedom, Fehmarn, Poel) count as
 * mainland for carriers and are deliberately not listed.
 */
export const GERMAN_ISLAND_POSTCODES: ReadonlyMap<string, string> = new Map([
  // North Frisian islands and Halligen
  ["25980", "Sylt"],
  ["25992", "Sylt (List)"],
  ["25996", "Sylt (Wenningstedt-Braderup)"],
  ["25997", "Sylt (Hörnum)"],
  ["25999", "Sylt (Kampen)"],
  ["25938", "Föhr"],
  ["25946", "Amrum"],
  ["25849", "Pellworm"],
  ["25859", "Hallig Hooge"],
  ["25863", "Hallig Langeneß"],
  ["25869", "Hallig Gröde"],
  // Heligoland and Neuwerk
  ["27498", "Helgoland"],
  ["27499", "Neuwerk"],
  // East Frisian islands
  ["26757", "Borkum"],
  ["26571", "Juist"],
  ["26548", "Norderney"],
  ["26579", "Baltrum"],
  ["26465", "Langeoog"],
  ["26474", "Spiekeroog"],
  ["26486", "Wangerooge"],
  // Baltic Sea
  ["18565", "Hiddensee"],
]);

/** True for a German postcode on an island; only German deliveries (country de) can be island deliveries. */
export function isGermanIsland(countryCode: string, postcode: string | null | undefined): boolean {
  if (countryCode.toLowerCase() !== "de" || !postcode) return false;
  return GERMAN_ISLAND_POSTCODES.has(postcode.trim());
}
