/**
 * What a mail template is made of (templates.ts lists them): a zod schema of its parameters
 * and the content it renders from them with the texts of its language, the shop's name and
 * its links. Links are built at rendering time from a path of the shop (the sender knows the
 * environment's host); a link that carries a secret (a sign-in or password token) is shown
 * as `[link hidden]` where the back office renders a mail for staff.
 */
import { z } from "zod";
import type { TextNamespace, TextParams } from "@worker/lib/texts";
import type { MailBlock, MailContent } from "./layout";

export type Texts = (key: string, params?: TextParams) => string;

/** Absolute links to the shop of the mail, in the sender's environment. */
export interface MailLinks {
  /** `path` (with its language prefix, e.g. from domain/routes.ts) on the shop's origin; `secret`: hidden from staff views. */
  url(path: string, options?: { secret?: boolean }): string;
  /** The order confirmation's signed returns link (links.ts), when the mail has one; hidden from staff like a secret. */
  returns?: string;
  /** The offer mail's signed link to the offer (links.ts), when the mail has one; hidden from staff like a secret. */
  offer?: string;
}

/** A file a mail carries, stored in the UPLOADS bucket (the sender reads it when it sends the mail). */
export interface MailAttachmentRef {
  key: string;
  fileName: string;
  contentType: string;
}

export interface MailTemplateDefinition<P> {
  params: z.ZodType<P, z.ZodTypeDef, unknown>;
  /** What the mail says, from parameters checked against `params`; `language` is the mail's (dates and numbers are written its way). */
  content(params: unknown, t: Texts, shopName: string, links: MailLinks, language: string): MailContent;
  /** The key (in `layout` of its texts' file) of the footer's note why the mail came; default `automatic`. */
  footer?: string;
  /** The locale file of its texts (key `<prefix>.<text>` there, the footer's `layout.<footer>`); default `mail` (locales/<lang>/mail.json). */
  namespace?: TextNamespace;
  /** The key prefix of its texts in that file; default the template's name. */
  prefix?: string;
  /** The Reply-To address, from its parameters (a notification to staff answers the customer); none by default. */
  replyTo?(params: unknown): string | undefined;
  /** Extra header lines of the mail (List-Unsubscribe), from its parameters and links; none by default. */
  headers?(params: unknown, links: MailLinks): Record<string, string>;
  /** The files it carries, from its parameters; none by default. */
  attachments?(params: unknown): MailAttachmentRef[];
}

export interface TemplateOptions<P> {
  footer?: string;
  namespace?: TextNamespace;
  prefix?: string;
  replyTo?: (params: P) => string | undefined;
  headers?: (params: P, links: MailLinks) => Record<string, string>;
  attachments?: (params: P) => MailAttachmentRef[];
}

export function defineTemplate<P>(
  params: z.ZodType<P, z.ZodTypeDef, unknown>,
  content: (params: P, t: Texts, shopName: string, links: MailLinks, language: string) => MailContent,
  options: TemplateOptions<P> = {},
): MailTemplateDefinition<P> {
  const { replyTo, headers, attachments, ...rest } = options;
  return {
    params,
    content: (raw, t, shopName, links, language) => content(params.parse(raw), t, shopName, links, language),
    ...rest,
    ...(replyTo ? { replyTo: (raw: unknown) => replyTo(params.parse(raw)) } : {}),
    ...(headers ? { headers: (raw: unknown, links: MailLinks) => headers(params.parse(raw), links) } : {}),
    ...(attachments ? { attachments: (raw: unknown) => attachments(params.parse(raw)) } : {}),
  };
}

export const heading = (text: string): MailBlock => ({ kind: "heading", text });
export const paragraph = (text: string): MailBlock => ({ kind: "paragraph", text });
/** A titled part of running text in paragraphs. */
export const section = (title: string, paragraphs: string[]): MailBlock => ({ kind: "section", title, paragraphs });
/** A button-like link (HTML) and `text: url` (plain text). */
export const link = (text: string, url: string): MailBlock => ({ kind: "link", text, url });
/** A small note with a plain link at its end (an unsubscribe link). */
export const footnote = (text: string, linkText: string, url: string): MailBlock => ({ kind: "footnote", text, linkText, url });

/** A path of the shop a link may name: absolute, no scheme or host, no characters that need escaping in HTML. */
export const shopPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[A-Za-z0-9/_.~?=&%-]*$/, "must be a path of the shop");
