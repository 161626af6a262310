/**
 * Who has a statutory right of withdrawal from an order (Consumer Rights Directive; BGB § 312g):
 * a consumer buying from a shop seated in the EU/EEA (its home country; not the Swiss shop) with
 * delivery into the EU/EEA. A consumer is the private customer of an account, or, for an order of
 * no account, a buyer whose billing address names no company and no VAT ID. The withdrawal button
 * and the order confirmation's withdrawal information follow this one rule.
 */
import type { CustomerType } from "./account";
import { WITHDRAWAL_COUNTRIES } from "./returns-forms";

export interface WithdrawalParty {
  /** The shop's home country (lower-case ISO code). */
  shopHomeCountry: string;
  /** The country the order is delivered to. */
  shipToCountry: string;
  billing: { companyName?: string | null; vatId?: string | null };
  /** The type of the account the order belongs to, or null for an order of no account. */
  customerType: CustomerType | null;
}

/** Why the order has no statutory right of withdrawal (`not_eu`, `business`), or null when it has one. */
export function withdrawalRightRefusal(party: WithdrawalParty): "not_eu" | "business" | null {
  const shipTo = party.shipToCountry.toLowerCase();
  if (!WITHDRAWAL_COUNTRIES.includes(party.shopHomeCountry.toLowerCase()) || !WITHDRAWAL_COUNTRIES.includes(shipTo)) return "not_eu";
  const consumer = party.customerType !== null ? party.customerType === "private" : !party.billing.companyName?.trim() && !party.billing.vatId?.trim();
  return consumer ? null : "business";
}
