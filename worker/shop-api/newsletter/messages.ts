/**
 * The newsletter's English server messages: what the shop API answers with; the
 * storefront shows its own texts (locales/<lang>/newsletter.json) by the errors' codes.
 */
import type { NewsletterTexts } from "@domain/newsletter";
import { MESSAGES } from "../core/envelope";

export const NEWSLETTER_MESSAGES = {
  nameTooLong: "The name may be at most 80 characters long.",
  nameContainsUrl: "The name must not contain a web address.",
  tokenInvalid: "This link is invalid, has expired or has already been used.",
} as const;

/** The form rules' messages on the server (domain/newsletter.ts newsletterFormSchema). */
export const SERVER_TEXTS: NewsletterTexts = {
  required: MESSAGES.required,
  email: MESSAGES.email,
  characters: MESSAGES.characters,
  nameTooLong: NEWSLETTER_MESSAGES.nameTooLong,
  nameContainsUrl: NEWSLETTER_MESSAGES.nameContainsUrl,
};
