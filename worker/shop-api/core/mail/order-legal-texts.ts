/**
 * What the order confirmation carries of the contract on a durable medium (BGB § 312f,
 * Art. 246a EGBGB; docs/decisions/0035): the terms and conditions for every order, and for a
 * consumer's order of an EU shop delivered into the EU/EEA the withdrawal information with the
 * statutory model withdrawal form. A business customer's order and the Swiss shop's get the
 * shop's 30-day right of return instead (they have no statutory right of withdrawal). The texts
 * are in locales/<lang>/mail.json (`order-confirmation.terms.*`, `.withdrawalInfo.*`,
 * `.withdrawalForm.*`), one key per paragraph in the order listed here.
 */
import { section, type Texts } from "./template-kit";
import type { MailBlock } from "./layout";

export const TERMS_PARAGRAPHS = ["scope", "contract", "prices", "delivery", "payment", "ownership", "withdrawal", "warranty", "law"] as const;
export const WITHDRAWAL_PARAGRAPHS = ["right", "period", "exercise", "online", "deadline", "effects", "goods", "costs", "value", "exclusion"] as const;
export const FORM_LINES = ["intro", "to", "statement", "ordered", "name", "address", "signature", "date", "note"] as const;

/** The trader a withdrawal goes to: its service e-mail address (the company and its address are in the texts). */
export interface WithdrawalAddressee {
  email: string;
}

export function orderLegalBlocks(t: Texts, withdrawal: WithdrawalAddressee | undefined): MailBlock[] {
  const terms = section(
    t("terms.title"),
    TERMS_PARAGRAPHS.map((key) => t(`terms.${key}`)),
  );
  if (!withdrawal) return [terms];
  return [
    section(
      t("withdrawalInfo.title"),
      WITHDRAWAL_PARAGRAPHS.map((key) => t(`withdrawalInfo.${key}`, { email: withdrawal.email })),
    ),
    section(
      t("withdrawalForm.title"),
      FORM_LINES.map((key) => t(`withdrawalForm.${key}`, { email: withdrawal.email })),
    ),
    terms,
  ];
}
