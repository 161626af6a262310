/**
 * Labels the shop API and GraphQL put into their answers: a unit's short label and the
 * included-tax line. The words are in locales/<lang>/server.json (`units.<CODE>`,
 * `tax.included`) and, under the reverse charge, the invoice's note (invoices.json
 * `document.reverseCharge`); an unknown language reads German, as every server text does.
 */
import { knownUnit } from "@domain/units";
import { text } from "./texts";

/** Short label of a unit ("m²", "Stk."); an unknown code gets the label of the fallback unit. */
export function unitLabel(code: string, language: string): string {
  return text(language, "server", `units.${knownUnit(code)}`);
}

/** "inkl. 19% MwSt."; the rate uses the language's decimal separator (8,1 / 8.1). */
export function taxLabel(rate: number, language: string): string {
  const decimal = language === "en" ? "." : ",";
  return text(language, "server", "tax.included", { rate: String(rate).replace(".", decimal) });
}

/** The tax line of an order charged under the reverse charge: the invoice's note ("Steuerschuldnerschaft des Leistungsempfängers"). */
export function reverseChargeLabel(language: string): string {
  return text(language, "invoices", "document.reverseCharge");
}
