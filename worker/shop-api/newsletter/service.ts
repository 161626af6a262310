/**
 * The hand-over of newsletter sign-ups to an e-mail marketing service
 * ("the newsletter is posted to an external e-mail marketing service using the per-shop api
 * key"; docs/decisions/0040). One interface, one adapter per provider of the shop config's
 * `newsletter.provider`:
 *
 * - `local`: the shop keeps its subscribers in D1 only (newsletter_subscribers is the list;
 *   nothing leaves the machine). Every demo shop uses it.
 * - `kit`: Kit (ConvertKit), one list per shop language (kit.ts).
 *
 * Which service and list a subscriber's changes go to: targets.ts.
 *
 * `subscribe` and `unsubscribe` resolve once the service took the change and throw on any
 * failure; the drain (deliveries.ts) then tries again later. Both are idempotent at the
 * service (subscribing a subscriber twice, unsubscribing one who is not there, is fine), as
 * the drain delivers at least once.
 */
export interface NewsletterSubscription {
  /** Where the service's newsletters go (the address as typed, lower case). */
  email: string;
  name: string;
}

/** The list of a shop language at the service (an api key per shop and language, a form id). */
export interface NewsletterListTarget {
  shopId: string;
  language: string;
  /** The list's API key (the value of the shop config's `apiKeySecret`); empty for the local list. */
  apiKey: string;
  formId: string;
}

export interface NewsletterService {
  readonly name: string;
  subscribe(subscription: NewsletterSubscription, list: NewsletterListTarget): Promise<void>;
  unsubscribe(subscription: NewsletterSubscription, list: NewsletterListTarget): Promise<void>;
}

/** The local default: the D1 row is the subscription, so the hand-over has nothing to send. */
export const localNewsletterService: NewsletterService = {
  name: "local",
  subscribe: () => Promise.resolve(),
  unsubscribe: () => Promise.resolve(),
};
