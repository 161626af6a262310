/**
 * The mail templates: what each mail says, per shop and language. The texts come from
 * locales/<lang>/mail.json (key `<template>.<text>`, `{{name}}` placeholders); the
 * parameters a template needs are a zod schema, checked when the mail is enqueued and
 * again when it is rendered (the outbox keeps them as JSON). A mail is rendered when it
 * is sent, in the shop's branded layout (layout.ts) with the sender of the shop config.
 */
import { z } from "zod";
import { isCalendarDate, writtenDate } from "@domain/calendar-date";
import { CARRIERS } from "@domain/carriers";
import { deliveryWindow } from "@domain/delivery-window";
import { ONLINE_PAYMENT_METHODS, PAYMENT_METHODS, schemeFor, type Environment, type ShopDefinition } from "@config/shop-config";
import { shopDirectory } from "@config/shops";
import { text } from "@worker/lib/texts";
import { ACCOUNT_MAIL_TEMPLATES } from "./account-templates";
import { CONTACT_MAIL_TEMPLATES } from "./contact-templates";
import { INQUIRY_MAIL_TEMPLATES } from "./inquiry-templates";
import { INVOICE_MAIL_TEMPLATES } from "./invoice-templates";
import { OFFER_MAIL_TEMPLATES } from "./offer-templates";
import { NEWSLETTER_MAIL_TEMPLATES } from "./newsletter-templates";
import { SAMPLE_LONG_DELIVERY_WEEKS } from "@domain/samples";
import { renderLayout, type MailBlock, type RenderedMail } from "./layout";
import { orderLegalBlocks } from "./order-legal-texts";
import { defineTemplate, heading, link, paragraph, type MailAttachmentRef, type MailLinks, type MailTemplateDefinition, type Texts } from "./template-kit";

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

/** The confirmation of a finished sample order (free samples, processed after one hour, SAMPLE_LONG_DELIVERY_WEEKS for long-delivery samples). */
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
        items: params.items.map((item) =>
          t(item.longDelivery ? "itemLongDelivery" : "item", { name: item.name, sku: item.sku, ...SAMPLE_LONG_DELIVERY_WEEKS }),
        ),
      },
      {
        kind: "lines",
        title: t("addressTitle"),
        lines: [name, address.company, address.street, `${address.zip} ${address.city}`, address.country].filter((part): part is string => Boolean(part)),
      },
      paragraph(t("free")),
      paragraph(t("processing")),
      ...(longDelivery ? [paragraph(t("longDelivery", SAMPLE_LONG_DELIVERY_WEEKS))] : []),
      paragraph(t("closing", { shop: shopName })),
    ],
  };
});

const money = z.string().trim().min(1).max(40);
const calendarDate = z.string().refine(isCalendarDate, "must be a calendar date");
const orderParams = z
  .object({
    orderNumber: line,
    name: line,
    shippingAddress: z.array(line).min(1).max(8),
    lines: z
      .array(z.object({ sku: line, name: line, quantity: z.number().int().min(1), unit: z.string().max(20), packagePrice: money, lineTotal: money }).strict())
      .min(1)
      .max(100),
    totals: z
      .object({
        goods: money,
        discount: money.optional(),
        /** The voucher the order redeemed and the part of it used. */
        voucher: z.object({ code: line, value: money }).strict().optional(),
        shipping: money,
        tax: money,
        taxLabel: line,
        grand: money,
      })
      .strict(),
    deliveryMode: z.enum(["standard", "requested_date", "on_call_storage", "express"]),
    /** The days the checkout quoted (the order's delivery summary); written at rendering time by domain/delivery-window.ts, as the pages write them. */
    delivery: z.object({ date: calendarDate, latestDate: calendarDate }).strict().optional(),
    /** What rows enqueued before `delivery` carry: one day, already written; they still render, with the mode's one-day sentence. */
    deliveryDate: z.string().max(40).optional(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    bankAccount: z.object({ holder: line, bank: line, iban: line, bic: line }).strict().optional(),
    /** The mail carries the order's signed returns link (links.ts signs it when the mail is rendered). */
    returnsLink: z.literal(true).optional(),
    /** A consumer's order with a statutory right of withdrawal: the withdrawal information and model form, to this address (order-legal-texts.ts). */
    withdrawal: z
      .object({ email: z.string().trim().email().max(200) })
      .strict()
      .optional(),
  })
  .strict();

type OrderParams = z.infer<typeof orderParams>;

/** When the order arrives, in the words and date format of the mail's language (the checkout page's window). */
function deliveryText(params: OrderParams, t: Texts, language: string): string {
  const { deliveryMode, delivery, deliveryDate } = params;
  if (deliveryMode === "on_call_storage") return t("delivery.on_call_storage");
  if (!delivery)
    return deliveryMode === "requested_date"
      ? t("delivery.requested_date", { date: deliveryDate ?? "" })
      : t(`delivery.${deliveryMode}.on`, { date: deliveryDate ?? "" });
  if (deliveryMode === "requested_date") return t("delivery.requested_date", { date: writtenDate(delivery.date, language) });
  const days = deliveryWindow(delivery.date, delivery.latestDate, language);
  return t(`delivery.${deliveryMode}.${days.kind}`, days.params);
}

/**
 * The confirmation of a placed order: lines, totals in the shop's currency, delivery, what to pay
 * how, the returns link, and the contract's terms with the withdrawal information where it applies.
 */
const orderConfirmation = defineTemplate(orderParams, (params, t, shopName, links, language) => {
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
          ...(totals.voucher ? [t("totals.voucher", { code: totals.voucher.code, value: totals.voucher.value })] : []),
          t("totals.shipping", { value: totals.shipping }),
          t("totals.grand", { value: totals.grand }),
          t("totals.tax", { value: totals.tax, label: totals.taxLabel }),
        ],
      },
      { kind: "lines", title: t("addressTitle"), lines: params.shippingAddress },
      paragraph(deliveryText(params, t, language)),
      ...payment,
      ...(params.withdrawal ? [] : [paragraph(t("returnRight"))]),
      ...(params.returnsLink && links.returns ? [paragraph(t("returns")), link(t("returnsLink"), links.returns)] : []),
      paragraph(t("closing", { shop: shopName })),
      ...orderLegalBlocks(t, params.withdrawal),
    ],
  };
});

const shippedParams = z
  .object({
    orderNumber: line,
    /** The customer's name (the order's billing address). */
    name: line,
    carrier: z.enum(CARRIERS),
    trackingNumber: line,
    /** The carrier's tracking page (domain/carriers.ts); null for the shop's own direct delivery. */
    trackingUrl: z.string().url().startsWith("https://").max(500).nullable(),
  })
  .strict();

/** The shipment of an order staff marked as shipped: the carrier, the tracking number and the link to its tracking page. */
const orderShipped = defineTemplate(shippedParams, (params, t, shopName) => ({
  subject: t("subject", { number: params.orderNumber }),
  blocks: [
    heading(t("heading")),
    paragraph(t("greeting", { name: params.name })),
    paragraph(t("intro", { number: params.orderNumber })),
    paragraph(t("carrier", { carrier: t(`carriers.${params.carrier}`) })),
    paragraph(t("trackingNumber", { number: params.trackingNumber })),
    params.trackingUrl ? link(t("track"), params.trackingUrl) : paragraph(t("own")),
    paragraph(t("closing", { shop: shopName })),
  ],
}));

const rmaLine = z.object({ sku: line, name: line, quantity: z.number().int().min(1) }).strict();
const note = z.string().trim().min(1).max(2000);

const rmaParams = z
  .object({
    rmaId: line,
    orderNumber: line,
    /** The customer's name (the order's billing address). */
    name: line,
    /** The reason and the proposal as the customer chose them, in the mail's language. */
    reason: line,
    proposal: line.optional(),
    lines: z.array(rmaLine).min(1).max(100),
    images: z.number().int().min(0).max(6),
  })
  .strict();

/** The confirmation of a complaint or return: its number, the order, the lines and what happens next. */
const rmaConfirmation = defineTemplate(rmaParams, (params, t, shopName) => ({
  subject: t("subject", { number: params.rmaId, shop: shopName }),
  blocks: [
    heading(t("heading")),
    paragraph(t("greeting", { name: params.name })),
    paragraph(t("intro", { number: params.rmaId, order: params.orderNumber })),
    { kind: "list", title: t("linesTitle"), items: params.lines.map((item) => t("line", { ...item, quantity: item.quantity })) },
    {
      kind: "lines",
      title: t("detailsTitle"),
      lines: [
        t("reason", { value: params.reason }),
        ...(params.proposal ? [t("proposal", { value: params.proposal })] : []),
        ...(params.images > 0 ? [t("images", { count: params.images })] : []),
      ],
    },
    paragraph(t("next")),
    paragraph(t("reference", { number: params.rmaId })),
    paragraph(t("closing", { shop: shopName })),
  ],
}));

const rmaStatusParams = z
  .object({
    rmaId: line,
    orderNumber: line,
    name: line,
    /** A complaint or return, or the case of a withdrawal from the contract. */
    kind: z.enum(["return", "withdrawal"]).default("return"),
    status: z.enum(["received", "accepted", "rejected", "refunded", "replaced"]),
    /** What staff wrote to the customer with the change. */
    note: note.optional(),
    /** The amount given back with the move to refunded, formatted in the mail's language. */
    refunded: line.optional(),
  })
  .strict();

/** A complaint's (or a withdrawal's) new state: one mail per change staff make. */
const rmaStatus = defineTemplate(rmaStatusParams, (params, t, shopName) => {
  const of = params.kind === "withdrawal" ? "withdrawal." : "";
  return {
    subject: t(`${of}subject`, { number: params.rmaId, order: params.orderNumber, status: t(`status.${params.status}`) }),
    blocks: [
      heading(t(`${of}heading`, { status: t(`status.${params.status}`) })),
      paragraph(t("greeting", { name: params.name })),
      paragraph(t(`${of}intro`, { number: params.rmaId, order: params.orderNumber })),
      paragraph(t(`${of}explain.${params.status}`)),
      ...(params.refunded ? [paragraph(t("refundedAmount", { amount: params.refunded }))] : []),
      ...(params.note ? [{ kind: "lines" as const, title: t("noteTitle"), lines: params.note.split("\n") }] : []),
      paragraph(t("closing", { shop: shopName })),
    ],
  };
});

const withdrawalParams = z
  .object({
    rmaId: line,
    orderNumber: line,
    name: line,
    /** When the withdrawal was received, written for the mail's language (date and time). */
    requestedAt: line,
    lines: z.array(rmaLine).min(1).max(100),
  })
  .strict();

/** The immediate confirmation of a withdrawal from the contract (Directive 2023/2673): what was received when, and what follows. */
const withdrawalConfirmation = defineTemplate(withdrawalParams, (params, t, shopName) => ({
  subject: t("subject", { order: params.orderNumber, shop: shopName }),
  blocks: [
    heading(t("heading")),
    paragraph(t("greeting", { name: params.name })),
    paragraph(t("intro", { order: params.orderNumber, time: params.requestedAt })),
    { kind: "list", title: t("linesTitle"), items: params.lines.map((item) => t("line", { ...item, quantity: item.quantity })) },
    paragraph(t("goods")),
    paragraph(t("refund")),
    paragraph(t("reference", { number: params.rmaId })),
    paragraph(t("closing", { shop: shopName })),
  ],
}));

export const MAIL_TEMPLATES = {
  "sample-order-confirmation": sampleOrderConfirmation,
  "order-confirmation": orderConfirmation,
  "order-shipped": orderShipped,
  ...ACCOUNT_MAIL_TEMPLATES,
  "rma-confirmation": rmaConfirmation,
  "rma-status": rmaStatus,
  "withdrawal-confirmation": withdrawalConfirmation,
  ...INQUIRY_MAIL_TEMPLATES,
  ...OFFER_MAIL_TEMPLATES,
  ...NEWSLETTER_MAIL_TEMPLATES,
  ...CONTACT_MAIL_TEMPLATES,
  ...INVOICE_MAIL_TEMPLATES,
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

/** Links signed when a mail is rendered, not when it is enqueued (links.ts). */
export interface SignedLinks {
  /** The order confirmation's returns link. */
  returns?: string;
  /** The offer mail's link to the offer. */
  offer?: string;
}

export interface ComposeOptions {
  redactSecrets?: boolean;
  signed?: SignedLinks;
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
  /** Where answers go when not to the sender (the customer, on a notification to the shop's service address). */
  replyTo?: string;
  /** Extra header lines of the template (List-Unsubscribe of the newsletter's mails); none for most. */
  headers: Record<string, string>;
  /** The files the mail carries (an invoice's PDF); none for most. */
  attachments: MailAttachmentRef[];
}

/** The shop's origin in an environment (the first host listed; production when the environment lists none), e.g. `http://de.localhost:8787`. */
export function shopOrigin(shop: ShopDefinition, environment: Environment): string {
  const host = shop.hosts[environment][0] ?? shop.hosts.production[0]!;
  const scheme = shop.hosts[environment].length > 0 ? schemeFor(shopDirectory.config, environment) : "https";
  return `${scheme}://${host}`;
}

/** The shop's home page in an environment. */
function homeUrl(shop: ShopDefinition, language: string, environment: Environment): string {
  const prefix = shop.domainPrefixes.some((prefix) => prefix === language) ? `${language}/` : "";
  return `${shopOrigin(shop, environment)}/${prefix}`;
}

/**
 * Renders a mail of the outbox; throws when its shop or template is unknown or its parameters
 * do not fit. `signed`: the links signed at rendering time (links.ts). `redactSecrets`: links
 * that carry a secret (sign-in and password tokens, the signed returns and offer links) show as hidden
 * (the back office's view).
 */
export function composeMail(mail: MailToRender, environment: Environment, { redactSecrets = false, signed = {} }: ComposeOptions = {}): ComposedMail {
  const shop = shopDirectory.shop(mail.shopId);
  if (!shop) throw new Error(`unknown shop '${mail.shopId}'`);
  if (!isMailTemplate(mail.template)) throw new Error(`unknown mail template '${mail.template}'`);
  const definition: MailTemplateDefinition<unknown> = MAIL_TEMPLATES[mail.template];
  const namespace = definition.namespace ?? "mail";
  const t: Texts = (key, params) => text(mail.language, namespace, `${definition.prefix ?? mail.template}.${key}`, params);
  const home = homeUrl(shop, mail.language, environment);
  const origin = new URL(home).origin;
  const hidden = (path: string) => `${origin}${path.split("?")[0]}?[link hidden]`;
  const links: MailLinks = {
    url: (path, options = {}) => (redactSecrets && options.secret ? hidden(path) : `${origin}${path}`),
    ...(signed.returns ? { returns: redactSecrets ? hidden(new URL(signed.returns).pathname) : signed.returns } : {}),
    ...(signed.offer ? { offer: redactSecrets ? hidden(new URL(signed.offer).pathname) : signed.offer } : {}),
  };
  const content = definition.content(mail.params, t, shop.name, links, mail.language);
  const rendered = renderLayout(content, {
    language: mail.language,
    shopName: shop.name,
    homeUrl: home,
    footerNote: text(mail.language, namespace, `layout.${definition.footer ?? "automatic"}`, { shop: shop.name }),
  });
  const replyTo = definition.replyTo?.(mail.params);
  return {
    ...rendered,
    from: shop.mail.from,
    ...(replyTo ? { replyTo } : {}),
    headers: definition.headers?.(mail.params, links) ?? {},
    attachments: definition.attachments?.(mail.params) ?? [],
  };
}
