/**
 * What a mail template is made of (templates.ts lists them): a zod schema of its parameters
 * and the content it renders from them with the texts of its language, the shop's name and
 * its links. Links are built at rendering time from a path of the shop (the sender knows the
 * environment's host); a link that carries a secret (a sign-in or password token) is shown
 * as `[link hidden]` where the back office renders a mail for staff.
 */
import { z } from "zod";
import type { TextNamespace, TextParams } from "../../../lib/texts";
import type { MailBlock, MailContent } from "./layout";

export type Texts = (key: string, params?: TextParams) => string;

/** Absolute links to the shop of the mail, in the sender's environment. */
export interface MailLinks {
  /** `path` (with its language prefix, e.g. from domain/routes.ts) on the shop's origin; `secret`: hidden from staff views. */
  url(path: string, options?: { secret?: boolean }): string;
  /** The order confirmation's signed returns link (links.ts), when the mail has one; hidden from staff like a secret. */
  returns?: string;
}

/**
 * Where a template's texts live when not in mail.json: a namespace of locales/ (a module's own
 * file), the key prefix of its texts and the key of its footer note in that namespace.
 */
export interface MailTexts {
  namespace: TextNamespace;
  prefix: string;
  footer: string;
}

export interface MailTemplateOptions<P> {
  /** The key (in mail.json's `layout`) of the footer's note why the mail came; default `automatic`. */
  footer?: string;
  /** Texts from another namespace than mail.json (`<template>.<text>` there by default). */
  texts?: MailTexts;
  /** Extra header lines of the mail (List-Unsubscribe), from checked parameters and the mail's links. */
  headers?: (params: P, links: MailLinks) => Record<string, string>;
}

export interface MailTemplateDefinition<P> {
  params: z.ZodType<P, z.ZodTypeDef, unknown>;
  /** What the mail says, from parameters checked against `params`. */
  content(params: unknown, t: Texts, shopName: string, links: MailLinks): MailContent;
  footer?: string;
  texts?: MailTexts;
  headers?: (params: unknown, links: MailLinks) => Record<string, string>;
}

export function defineTemplate<P>(
  params: z.ZodType<P, z.ZodTypeDef, unknown>,
  content: (params: P, t: Texts, shopName: string, links: MailLinks) => MailContent,
  options: MailTemplateOptions<P> = {},
): MailTemplateDefinition<P> {
  const { headers, ...rest } = options;
  return {
    params,
    content: (raw, t, shopName, links) => content(params.parse(raw), t, shopName, links),
    ...rest,
    ...(headers ? { headers: (raw: unknown, links: MailLinks) => headers(params.parse(raw), links) } : {}),
  };
}

export const heading = (text: string): MailBlock => ({ kind: "heading", text });
export const paragraph = (text: string): MailBlock => ({ kind: "paragraph", text });
/** A button-like link (HTML) and `text: url` (plain text). */
export const link = (text: string, url: string): MailBlock => ({ kind: "link", text, url });
/** A small note with a plain link at its end (an unsubscribe link). */
export const footnote = (text: string, linkText: string, url: string): MailBlock => ({ kind: "footnote", text, linkText, url });

/** A path of the shop a link may name: absolute, no scheme or host, no characters that need escaping in HTML. */
export const shopPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[A-Za-z0-9/_.~?=&%-]*$/, "must be a path of the shop");
