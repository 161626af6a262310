/**
 * The mail templates: what each mail says, per shop and language. The texts come from
 * locales/<lang>/mail.json (key `<template>.<text>`, `{{name}}` placeholders); the
 * parameters a template needs are a zod schema, checked when the mail is enqueued and
 * again when it is rendered (the outbox keeps them as JSON). A mail is rendered when it
 * is sent, in the shop's branded layout (layout.ts) with the sender of the shop config.
 */
import { z } from "zod";
import { schemeFor, type Environment, type ShopDefinition } from "../../../config/shop-config";
import { shopDirectory } from "../../../config/shops";
import { text, type TextParams } from "../../../lib/texts";
import { renderLayout, type MailBlock, type MailContent, type RenderedMail } from "./layout";

type Texts = (key: string, params?: TextParams) => string;

interface MailTemplateDefinition<P> {
  params: z.ZodType<P, z.ZodTypeDef, unknown>;
  /** What the mail says, from parameters checked against `params`. */
  content(params: unknown, t: Texts, shopName: string): MailContent;
}

function defineTemplate<P>(
  params: z.ZodType<P, z.ZodTypeDef, unknown>,
  content: (params: P, t: Texts, shopName: string) => MailContent,
): MailTemplateDefinition<P> {
  return { params, content: (raw, t, shopName) => content(params.parse(raw), t, shopName) };
}

const heading = (text: string): MailBlock => ({ kind: "heading", text });
const paragraph = (text: string): MailBlock => ({ kind: "paragraph", text });

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

export const MAIL_TEMPLATES = {
  "sample-order-confirmation": sampleOrderConfirmation,
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

/** Renders a mail of the outbox; throws when its shop or template is unknown or its parameters do not fit. */
export function composeMail(mail: MailToRender, environment: Environment): ComposedMail {
  const shop = shopDirectory.shop(mail.shopId);
  if (!shop) throw new Error(`unknown shop '${mail.shopId}'`);
  if (!isMailTemplate(mail.template)) throw new Error(`unknown mail template '${mail.template}'`);
  const t: Texts = (key, params) => text(mail.language, "mail", `${mail.template}.${key}`, params);
  const content = MAIL_TEMPLATES[mail.template].content(mail.params, t, shop.name);
  const rendered = renderLayout(content, {
    language: mail.language,
    shopName: shop.name,
    homeUrl: homeUrl(shop, mail.language, environment),
    footerNote: text(mail.language, "mail", "layout.automatic", { shop: shop.name }),
  });
  return { ...rendered, from: shop.mail.from };
}
