/**
 * The returns module's mails (templates in core/mail/templates.ts, texts in
 * locales/<lang>/mail.json), each an outbox statement for the batch of the change that causes
 * it, with a dedupe key per business event: the confirmation of a complaint, the
 * confirmation of a withdrawal, and one mail per status change.
 */
import type { RemedyProposal, ReturnReason, StaffRmaStatus } from "@domain/returns-forms";
import type { SqlFragment } from "@worker/lib/sql";
import { text } from "@worker/lib/texts";
import { outboxInsert } from "../core/mail/outbox";
import type { OrderRow } from "../tables/orders";
import type { RmaRow } from "../tables/returns";
import { customerName } from "./order-view";

export interface MailLine {
  sku: string;
  name: string;
  quantity: number;
}

interface MailBase {
  shop: { id: string };
  language: string;
  to: string;
  rmaId: string;
  orderNumber: string;
  name: string;
}

/** The reason's or proposal's label in the mail's language (the labels of GET /apiv2/rma/options). */
const label = (language: string, group: "reasons" | "proposals", value: string): string => text(language, "server", `returns.${group}.${value}`);

export function complaintMail(
  mail: MailBase & { reason: ReturnReason; proposal: RemedyProposal | null; lines: MailLine[]; images: number },
  holds: SqlFragment,
  now: Date,
): SqlFragment {
  return outboxInsert(
    {
      shop: mail.shop,
      language: mail.language,
      template: "rma-confirmation",
      to: mail.to,
      params: {
        rmaId: mail.rmaId,
        orderNumber: mail.orderNumber,
        name: mail.name,
        reason: label(mail.language, "reasons", mail.reason),
        ...(mail.proposal ? { proposal: label(mail.language, "proposals", mail.proposal) } : {}),
        lines: mail.lines,
        images: mail.images,
      },
      dedupeKey: `rma-confirmation:${mail.rmaId}`,
      when: holds,
    },
    now,
  );
}

/** A date and time as people of the language write them, in the shop's time zone (Central European Time). */
export function writtenTime(at: Date, language: string): string {
  const locale = { de: "de-DE", at: "de-AT", en: "en-GB", fr: "fr-FR", it: "it-IT", nl: "nl-NL" }[language] ?? "de-DE";
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" }).format(at);
}

export function withdrawalMail(mail: MailBase & { lines: MailLine[]; requestedAt: Date }, holds: SqlFragment, now: Date, orderId: string): SqlFragment {
  return outboxInsert(
    {
      shop: mail.shop,
      language: mail.language,
      template: "withdrawal-confirmation",
      to: mail.to,
      params: {
        rmaId: mail.rmaId,
        orderNumber: mail.orderNumber,
        name: mail.name,
        requestedAt: writtenTime(mail.requestedAt, mail.language),
        lines: mail.lines,
      },
      dedupeKey: `withdrawal-confirmation:${orderId}`,
      when: holds,
    },
    now,
  );
}

/**
 * One mail per status change (worded for a withdrawal when the case is one): the change's claim
 * is in its dedupe key. `refunded`: the amount given back, written in the case's language.
 */
function statusMail(
  mail: MailBase & { kind: "return" | "withdrawal"; status: StaffRmaStatus; note: string; claim: string; refunded?: string },
  holds: SqlFragment,
  now: Date,
): SqlFragment {
  return outboxInsert(
    {
      shop: mail.shop,
      language: mail.language,
      template: "rma-status",
      to: mail.to,
      params: {
        rmaId: mail.rmaId,
        orderNumber: mail.orderNumber,
        name: mail.name,
        kind: mail.kind,
        status: mail.status,
        ...(mail.note ? { note: mail.note } : {}),
        ...(mail.refunded ? { refunded: mail.refunded } : {}),
      },
      dedupeKey: `rma-status:${mail.rmaId}:${mail.claim}`,
      when: holds,
    },
    now,
  );
}

/** A case as its status mail reads it: the case's row with its order's number and billing address. */
export type CaseRow = RmaRow & Pick<OrderRow, "order_number" | "billing_address">;

/** The status mail of a case's change (statusMail), addressed as the case says; `refunded`: the amount given back. */
export function caseStatusMail(
  rma: CaseRow,
  change: { status: StaffRmaStatus; note: string; claim: string; refunded?: string },
  holds: SqlFragment,
  now: Date,
): SqlFragment {
  return statusMail(
    {
      shop: { id: rma.shop_id },
      language: rma.language,
      to: rma.email,
      rmaId: rma.id,
      orderNumber: rma.order_number,
      name: customerName(rma),
      kind: rma.kind,
      ...change,
    },
    holds,
    now,
  );
}
