/**
 * The mail templates: what each mail says, per shop and language. The texts come from
 * locales/<lang>/mail.json (key `<template>.<text>`, `{{name}}` placeholders); the
 * parameters a template needs are a zod schema, checked when the mail is enqueued and
 * again when it is rendered (the outbox keeps them as JSON). A mail is rendered when it
 * is sent, in the shop's branded layout (layout.ts) with the sender of the shop config.
 */
import { z } from "zod";
import { ONLINE_PAYMENT_METHODS, PAYMENT_METHODS, schemeFor, type Environment, type ShopDefinition } from "../../../config/shop-config";
import { shopDirectory } from "../../../config/shops";
import { text } from "../../../lib/texts";
import { ACCOUNT_MAIL_TEMPLATES } from "./account-templates";
import { renderLayout, type MailBlock, type RenderedMail } from "./layout";
import { defineTemplate, heading, paragraph, type MailLinks, type MailTemplateDefinition, type Texts } from "./template-kit";

const line = z.string().trim().min(1).max(200);

const sampleOrderParams = z
  .object({
    referenceCode: line,
    address: z.object({ firstname: line, lastname: line, company: line.optional(), street: line, zip: line, city: line, country: line }).strict(),
    items: z
      .array(z.object({ sku: line, name: line, longDelivery: z.boolean() }).strict())
      .min(1)
      .max(50),
  })
  .strict();

/** The confirmation of a finished sample order (SPEC 9: free samples, processed after one hour, 2-3 weeks for long-delivery samples). */
const sampleOrderConfirmation = defineTemplate(sampleOrderParams, (params, t, shopName) => {
  const { address } = params;
  const name = `${address.firstname} ${address.lastname}`;
  const longDelivery = params.items.some((item) => item.longDelivery);
  return {
    subject: t("subject", { code: params.referenceCode, shop: shopName }),
    blocks: [
      heading(t("heading")),
      paragraph(t("greeting", { name })),
      paragraph(t("intro", { code: params.referenceCode })),
      {
        kind: "list",
        title: t("itemsTitle"),
        items: params.items.map((item) => t(item.longDelivery ? "itemLongDelivery" : "item", { name: item.name, sku: item.sku })),
      },
      {
        kind: "lines",
        title: t("addressTitle"),
        lines: [name, address.company, address.street, `${address.zip} ${address.city}`, address.country].filter((part): part is string => Boolean(part)),
      },
      paragraph(t("free")),
      paragraph(t("processing")),
      ...(longDelivery ? [paragraph(t("longDelivery"))] : []),
      paragraph(t("closing", { shop: shopName })),
    ],
  };
});

const money = z.string().trim().min(1).max(40);
const orderParams = z
  .object({
    orderNumber: line,
    name: line,
    shippingAddress: z.array(line).min(1).max(8),
    lines: z
      .array(z.object({ sku: line, name: line, quantity: z.number().int().min(1), unit: z.string().max(20), packagePrice: money, lineTotal: money }).strict())
      .min(1)
      .max(100),
    totals: z.object({ goods: money, discount: money.optional(), shipping: money, tax: money, taxLabel: line, grand: money }).strict(),
    deliveryMode: z.enum(["standard", "requested_date", "on_call_storage", "express"]),
    deliveryDate: z.string().max(40).optional(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    bankAccount: z.object({ holder: line, bank: line, iban: line, bic: line }).strict().optional(),
  })
  .strict();

/** The confirmation of a placed order (issue 12): lines, totals in the shop's currency, delivery and what to pay how. */
const orderConfirmation = defineTemplate(orderParams, (params, t, shopName) => {
  const { totals } = params;
  const payment: MailBlock[] =
    params.paymentMethod === "prepayment" && params.bankAccount
      ? [
          paragraph(t("payment.prepayment", { total: totals.grand, number: params.orderNumber })),
          {
            kind: "lines",
            title: t("bankTitle"),
            lines: [
              t("bank.holder", { value: params.bankAccount.holder }),
              t("bank.bank", { value: params.bankAccount.bank }),
              t("bank.iban", { value: params.bankAccount.iban }),
              t("bank.bic", { value: params.bankAccount.bic }),
              t("bank.reference", { value: params.orderNumber }),
            ],
          },
        ]
      : (ONLINE_PAYMENT_METHODS as readonly string[]).includes(params.paymentMethod)
        ? [paragraph(t("payment.online", { total: totals.grand, method: t(`paymentMethods.${params.paymentMethod}`) }))]
        : [paragraph(t(`payment.${params.paymentMethod === "cash_on_delivery" ? "cashOnDelivery" : "invoice"}`, { total: totals.grand }))];
  return {
    subject: t("subject", { number: params.orderNumber, shop: shopName }),
    blocks: [
      heading(t("heading")),
      paragraph(t("greeting", { name: params.name })),
      paragraph(t("intro", { number: params.orderNumber })),
      {
        kind: "list",
        title: t("linesTitle"),
        items: params.lines.map((item) => t("line", { ...item, quantity: item.quantity })),
      },
      {
        kind: "lines",
        title: t("totalsTitle"),
        lines: [
          t("totals.goods", { value: totals.goods }),
          ...(totals.discount ? [t("totals.discount", { value: totals.discount })] : []),
          t("totals.shipping", { value: totals.shipping }),
          t("totals.grand", { value: totals.grand }),
          t("totals.tax", { value: totals.tax, label: totals.taxLabel }),
        ],
      },
      { kind: "lines", title: t("addressTitle"), lines: params.shippingAddress },
      paragraph(t(`delivery.${params.deliveryMode}`, { date: params.deliveryDate ?? "" })),
      ...payment,
      paragraph(t("withdrawal")),
      paragraph(t("closing", { shop: shopName })),
    ],
  };
});

export const MAIL_TEMPLATES = {
  "sample-order-confirmation": sampleOrderConfirmation,
  "order-confirmation": orderConfirmation,
  ...ACCOUNT_MAIL_TEMPLATES,
};

export type MailTemplate = keyof typeof MAIL_TEMPLATES;
/** The parameters a template is enqueued with. */
export type MailParams<T extends MailTemplate> = z.infer<(typeof MAIL_TEMPLATES)[T]["params"]>;

export function isMailTemplate(name: string): name is MailTemplate {
  return Object.hasOwn(MAIL_TEMPLATES, name);
}

/** Checks a template's parameters; throws (a ZodError) when they do not fit. */
export function checkMailParams(template: MailTemplate, params: unknown): void {
  MAIL_TEMPLATES[template].params.parse(params);
}

export interface MailToRender {
  shopId: string;
  language: string;
  template: string;
  params: unknown;
}

export interface ComposedMail extends RenderedMail {
  /** The shop's sender, e.g. `Bodenhaus <service@bodenhaus.example>`. */
  from: string;
}

/** The shop's home page in an environment (the first host listed; production when the environment lists none). */
function homeUrl(shop: ShopDefinition, language: string, environment: Environment): string {
  const host = shop.hosts[environment][0] ?? shop.hosts.production[0]!;
  const scheme = shop.hosts[environment].length > 0 ? schemeFor(shopDirectory.config, environment) : "https";
  const prefix = shop.domainPrefixes.some((prefix) => prefix === language) ? `${language}/` : "";
  return `${scheme}://${host}/${prefix}`;
}

/**
 * Renders a mail of the outbox; throws when its shop or template is unknown or its parameters
 * do not fit. `redactSecrets`: links that carry a secret show as hidden (the back office's view).
 */
export function composeMail(mail: MailToRender, environment: Environment, { redactSecrets = false } = {}): ComposedMail {
  const shop = shopDirectory.shop(mail.shopId);
  if (!shop) throw new Error(`unknown shop '${mail.shopId}'`);
  if (!isMailTemplate(mail.template)) throw new Error(`unknown mail template '${mail.template}'`);
  const t: Texts = (key, params) => text(mail.language, "mail", `${mail.template}.${key}`, params);
  const home = homeUrl(shop, mail.language, environment);
  const origin = new URL(home).origin;
  const links: MailLinks = {
    url: (path, options = {}) => (redactSecrets && options.secret ? `${origin}${path.split("?")[0]}?[link hidden]` : `${origin}${path}`),
  };
  const definition: MailTemplateDefinition<unknown> = MAIL_TEMPLATES[mail.template];
  const content = definition.content(mail.params, t, shop.name, links);
  const rendered = renderLayout(content, {
    language: mail.language,
    shopName: shop.name,
    homeUrl: home,
    footerNote: text(mail.language, "mail", `layout.${definition.footer ?? "automatic"}`, { shop: shop.name }),
  });
  return { ...rendered, from: shop.mail.from };
}
