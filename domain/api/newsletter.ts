/**
 * The newsletter on the wire (docs/decisions/0040): the sign-up (`NewsletterForm` ->
 * `NewsletterSubscribeAnswer`), the confirmation and the unsubscription by the mails' token
 * (`NewsletterConfirmAnswer`, `NewsletterUnsubscribeAnswer`), all of domain/newsletter.ts.
 */
import type { z } from "zod";
import type { NEWSLETTER_CODES, newsletterTokenSchema } from "../newsletter";

/** The body of `POST /apiv2/newsletter/confirm` and `/unsubscribe`. */
export type NewsletterTokenRequest = z.input<typeof newsletterTokenSchema>;

/** The refusals of the newsletter calls besides the core codes. */
export type NewsletterRefusalCode = (typeof NEWSLETTER_CODES)[keyof typeof NEWSLETTER_CODES];
