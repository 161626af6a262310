/**
 * The customer account's mails: the link confirming a registration's address,
 * the notice that someone tried to register an address that has an account, the link to
 * set a new password, the notice that the password was changed, and the reminder two
 * weeks before an order's free storage ends. Texts: locales/<lang>/mail.json.
 *
 * Links are paths of the shop (domain/routes.ts accountPath, with the language prefix);
 * the sender makes them absolute for its environment. Tokens in links are secrets: the
 * back office shows such links hidden (template-kit.ts).
 */
import { z } from "zod";
import { defineTemplate, heading, link, paragraph, shopPath } from "./template-kit";

const line = z.string().trim().min(1).max(200);
const ACCOUNT_FOOTER = { footer: "account" };

const verifyParams = z.object({ name: line, path: shopPath }).strict();

/** Registration: confirm the address (valid 24 hours); whoever did not register ignores it. */
const customerVerify = defineTemplate(
  verifyParams,
  (params, t, shopName, links) => ({
    subject: t("subject", { shop: shopName }),
    blocks: [
      heading(t("heading")),
      paragraph(t("greeting", { name: params.name })),
      paragraph(t("intro", { shop: shopName })),
      link(t("button"), links.url(params.path, { secret: true })),
      paragraph(t("validity")),
      paragraph(t("notYou")),
      paragraph(t("closing", { shop: shopName })),
    ],
  }),
  ACCOUNT_FOOTER,
);

const alreadyRegisteredParams = z.object({ loginPath: shopPath, resetPath: shopPath }).strict();

/** A registration for an address that has an account: the owner learns of it (the form answered as always). */
const customerAlreadyRegistered = defineTemplate(
  alreadyRegisteredParams,
  (params, t, shopName, links) => ({
    subject: t("subject", { shop: shopName }),
    blocks: [
      heading(t("heading")),
      paragraph(t("greeting")),
      paragraph(t("intro", { shop: shopName })),
      paragraph(t("login")),
      link(t("loginButton"), links.url(params.loginPath)),
      paragraph(t("forgotten")),
      link(t("resetButton"), links.url(params.resetPath)),
      paragraph(t("notYou")),
      paragraph(t("closing", { shop: shopName })),
    ],
  }),
  ACCOUNT_FOOTER,
);

const resetParams = z.object({ name: line, path: shopPath }).strict();

/** The link to set a new password (valid 30 minutes, once). */
const customerPasswordReset = defineTemplate(
  resetParams,
  (params, t, shopName, links) => ({
    subject: t("subject", { shop: shopName }),
    blocks: [
      heading(t("heading")),
      paragraph(t("greeting", { name: params.name })),
      paragraph(t("intro", { shop: shopName })),
      link(t("button"), links.url(params.path, { secret: true })),
      paragraph(t("validity")),
      paragraph(t("notYou")),
      paragraph(t("closing", { shop: shopName })),
    ],
  }),
  ACCOUNT_FOOTER,
);

const changedParams = z.object({ name: line, resetPath: shopPath }).strict();

/** The password was changed (or reset): every other session was signed out; whoever did not do it resets it. */
const customerPasswordChanged = defineTemplate(
  changedParams,
  (params, t, shopName, links) => ({
    subject: t("subject", { shop: shopName }),
    blocks: [
      heading(t("heading")),
      paragraph(t("greeting", { name: params.name })),
      paragraph(t("intro", { shop: shopName })),
      paragraph(t("signedOut")),
      paragraph(t("notYou")),
      link(t("resetButton"), links.url(params.resetPath)),
      paragraph(t("closing", { shop: shopName })),
    ],
  }),
  ACCOUNT_FOOTER,
);

const reminderParams = z.object({ name: line, orderNumber: line, storedUntil: z.string().min(1).max(40), path: shopPath }).strict();

/** Two weeks before an order's free storage ends: call off the delivery. */
const storageReminder = defineTemplate(reminderParams, (params, t, shopName, links) => ({
  subject: t("subject", { number: params.orderNumber, shop: shopName }),
  blocks: [
    heading(t("heading")),
    paragraph(t("greeting", { name: params.name })),
    paragraph(t("intro", { number: params.orderNumber, date: params.storedUntil })),
    paragraph(t("callOff")),
    link(t("button"), links.url(params.path)),
    paragraph(t("after")),
    paragraph(t("closing", { shop: shopName })),
  ],
}));

export const ACCOUNT_MAIL_TEMPLATES = {
  "customer-verify": customerVerify,
  "customer-already-registered": customerAlreadyRegistered,
  "customer-password-reset": customerPasswordReset,
  "customer-password-changed": customerPasswordChanged,
  "storage-reminder": storageReminder,
};
