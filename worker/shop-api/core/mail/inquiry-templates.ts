/**
 * The inquiries' mails (docs/decisions/0039). Texts: locales/<lang>/inquiries.json
 * (key `<template>.<text>`); the labels of the inquiry's type and its yes/no steps, the
 * quantity with its unit and the country come written in the mail's language by the
 * inquiries module, as the returns module does with its reasons.
 *
 * - `inquiry-confirmation`: to the customer, in their language: the number, the product,
 *   the quantity, their answers and their message.
 * - `inquiry-notification`: to the shop's service address (config `mail.service`), in the
 *   shop's default language: every field; Reply-To is the customer, so staff can answer
 *   from their mail program.
 * - `inquiry-reply`: a staff answer to the customer, in the inquiry's language, with the
 *   customer's own message below it.
 * None carries a secret: the staff's outbox view shows them as they were sent.
 */
import { z } from "zod";
import { defineTemplate, heading, paragraph } from "./template-kit";
import type { MailBlock } from "./layout";

const line = z.string().trim().min(1).max(200);
/** Texts in inquiries.json; the footer says the mail came because of an inquiry. */
const CUSTOMER_MAIL = { namespace: "inquiries", footer: "inquiry" } as const;

const product = z.object({ sku: z.string().trim().min(1).max(64), name: line }).strict();
/** The customer's free text as they sent it (line breaks as \n). */
const message = z.string().trim().min(1).max(5000);
/** A yes/no step as written in the mail's language: `Ich frage als Unternehmen an: Ja`. */
const answers = z.array(line).max(10);

const confirmationParams = z
  .object({
    number: line,
    /** The type's label in the mail's language (`Produktfrage`). */
    type: line,
    name: line,
    product,
    /** The quantity with its unit in the mail's language (`12,5 m²`). */
    quantity: line.optional(),
    /** The terrace planner configuration an offer request hands over (its number). */
    configuration: line.optional(),
    answers,
    message,
  })
  .strict();

const closing = (t: (key: string, params?: Record<string, string>) => string, shop: string): MailBlock => paragraph(t("closing", { shop }));

/** The customer's confirmation of an inquiry they sent. */
const inquiryConfirmation = defineTemplate(
  confirmationParams,
  (params, t, shopName) => ({
    subject: t("subject", { type: params.type, number: params.number, shop: shopName }),
    blocks: [
      heading(t("heading")),
      paragraph(t("greeting", { name: params.name })),
      paragraph(t("intro", { type: params.type, product: params.product.name, number: params.number })),
      {
        kind: "lines",
        title: t("detailsTitle"),
        lines: [
          t("product", { name: params.product.name, sku: params.product.sku }),
          ...(params.quantity ? [t("quantity", { value: params.quantity })] : []),
          ...(params.configuration ? [t("configuration", { value: params.configuration })] : []),
          ...params.answers,
        ],
      },
      { kind: "lines", title: t("messageTitle"), lines: params.message.split("\n") },
      paragraph(t("next")),
      paragraph(t("reference", { number: params.number })),
      closing(t, shopName),
    ],
  }),
  CUSTOMER_MAIL,
);

const notificationParams = z
  .object({
    number: line,
    type: line,
    product,
    quantity: line.optional(),
    configuration: line.optional(),
    /** The customer's language as its name in the mail's language (`Französisch`). */
    language: line,
    name: line,
    email: z.string().trim().email().max(254),
    phone: line.optional(),
    /** The country's name in the mail's language. */
    country: line,
    /** Whether a signed-in customer sent it, as `Ja`/`Nein` in the mail's language. */
    account: line,
    answers,
    message,
  })
  .strict();

/** The shop's notice of a new inquiry; answering it writes to the customer. */
const inquiryNotification = defineTemplate(
  notificationParams,
  (params, t, shopName) => ({
    subject: t("subject", { type: params.type, number: params.number, product: params.product.name, shop: shopName }),
    blocks: [
      heading(t("heading")),
      paragraph(t("intro", { shop: shopName })),
      {
        kind: "lines",
        title: t("detailsTitle"),
        lines: [
          t("number", { value: params.number }),
          t("type", { value: params.type }),
          t("product", { name: params.product.name, sku: params.product.sku }),
          ...(params.quantity ? [t("quantity", { value: params.quantity })] : []),
          ...(params.configuration ? [t("configuration", { value: params.configuration })] : []),
          t("language", { value: params.language }),
        ],
      },
      {
        kind: "lines",
        title: t("contactTitle"),
        lines: [
          t("name", { value: params.name }),
          t("email", { value: params.email }),
          ...(params.phone ? [t("phone", { value: params.phone })] : []),
          t("country", { value: params.country }),
          t("account", { value: params.account }),
        ],
      },
      ...(params.answers.length > 0 ? [{ kind: "list" as const, title: t("answersTitle"), items: params.answers }] : []),
      { kind: "lines", title: t("messageTitle"), lines: params.message.split("\n") },
    ],
  }),
  { namespace: "inquiries", footer: "notification", replyTo: (params) => params.email },
);

const replyParams = z
  .object({
    number: line,
    type: line,
    name: line,
    product,
    /** What staff wrote (line breaks as \n). */
    reply: z.string().trim().min(1).max(10_000),
    /** The customer's inquiry, quoted below the answer. */
    message,
  })
  .strict();

/** A staff answer to an inquiry. */
const inquiryReply = defineTemplate(
  replyParams,
  (params, t, shopName) => ({
    subject: t("subject", { number: params.number, shop: shopName }),
    blocks: [
      heading(t("heading")),
      paragraph(t("greeting", { name: params.name })),
      paragraph(t("intro", { type: params.type, number: params.number, product: params.product.name })),
      paragraph(params.reply),
      paragraph(t("reference", { number: params.number })),
      closing(t, shopName),
      { kind: "lines", title: t("yourMessageTitle"), lines: params.message.split("\n") },
    ],
  }),
  CUSTOMER_MAIL,
);

export const INQUIRY_MAIL_TEMPLATES = {
  "inquiry-confirmation": inquiryConfirmation,
  "inquiry-notification": inquiryNotification,
  "inquiry-reply": inquiryReply,
};
