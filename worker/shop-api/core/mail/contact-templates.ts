/**
 * The contact page's mails (docs/decisions/0049). Texts: locales/<lang>/mail.json
 * (keys `contact-confirmation.*`, `contact-notification.*`; the footers `layout.contact` and
 * `layout.contactNotification`); the topic comes written in the mail's language by the
 * contact module.
 *
 * - `contact-confirmation`: to the sender, in the page's language: the reference, the topic,
 *   the order number they named and their message.
 * - `contact-notification`: to the shop's service address (config `mail.service`), in the
 *   shop's default language: every field; Reply-To is the sender, so staff answer from their
 *   mail program.
 * Neither carries a secret.
 */
import { z } from "zod";
import { defineTemplate, heading, paragraph } from "./template-kit";

const line = z.string().trim().min(1).max(200);
const message = z.string().trim().min(1).max(5000);

const confirmationParams = z
  .object({
    reference: line,
    /** The topic's label in the mail's language. */
    topic: line,
    name: line,
    orderNumber: line.optional(),
    message,
  })
  .strict();

const contactConfirmation = defineTemplate(
  confirmationParams,
  (params, t, shopName) => ({
    subject: t("subject", { reference: params.reference, shop: shopName }),
    blocks: [
      heading(t("heading")),
      paragraph(t("greeting", { name: params.name })),
      paragraph(t("intro", { reference: params.reference })),
      {
        kind: "lines",
        title: t("detailsTitle"),
        lines: [t("topic", { value: params.topic }), ...(params.orderNumber ? [t("orderNumber", { value: params.orderNumber })] : [])],
      },
      { kind: "lines", title: t("messageTitle"), lines: params.message.split("\n") },
      paragraph(t("next")),
      paragraph(t("closing", { shop: shopName })),
    ],
  }),
  { footer: "contact" },
);

const notificationParams = z
  .object({
    reference: line,
    topic: line,
    /** The sender's language as its name in the mail's language (`Französisch (fr)`). */
    language: line,
    name: line,
    email: z.string().trim().email().max(254),
    phone: line.optional(),
    orderNumber: line.optional(),
    message,
  })
  .strict();

const contactNotification = defineTemplate(
  notificationParams,
  (params, t, shopName) => ({
    subject: t("subject", { reference: params.reference, topic: params.topic, name: params.name }),
    blocks: [
      heading(t("heading")),
      paragraph(t("intro", { shop: shopName })),
      {
        kind: "lines",
        title: t("detailsTitle"),
        lines: [
          t("reference", { value: params.reference }),
          t("topic", { value: params.topic }),
          ...(params.orderNumber ? [t("orderNumber", { value: params.orderNumber })] : []),
          t("language", { value: params.language }),
          t("name", { value: params.name }),
          t("email", { value: params.email }),
          ...(params.phone ? [t("phone", { value: params.phone })] : []),
        ],
      },
      { kind: "lines", title: t("messageTitle"), lines: params.message.split("\n") },
    ],
  }),
  { footer: "contactNotification", replyTo: (params) => params.email },
);

export const CONTACT_MAIL_TEMPLATES = {
  "contact-confirmation": contactConfirmation,
  "contact-notification": contactNotification,
};
