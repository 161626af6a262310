/**
 * The hand-over of newsletter sign-ups to an e-mail marketing service (issue 15, SPEC 3, 7:
 * "the newsletter is posted to an external e-mail marketing service using the per-shop api
 * key"; docs/decisions/0040). One interface, one adapter per provider of the shop config's
 * `newsletter.provider`:
 *
 * - `local`: the shop keeps its subscribers in D1 only (newsletter_subscribers is the list;
 *   nothing leaves the machine). Every demo shop uses it.
 * - `kit`: Kit (ConvertKit), one list per shop language (kit.ts).
 *
 * `subscribe` and `unsubscribe` resolve once the service took the change and throw on any
 * failure; the drain (deliveries.ts) then tries again later. Both are idempotent at the
 * service (subscribing a subscriber twice, unsubscribing one who is not there, is fine), as
 * the drain delivers at least once.
 */
import type { NewsletterProvider } from "../../config/shop-config";
import type { ShopApiEnv } from "../../env";
import { secretValue } from "../core/secrets";
import type { Shop } from "../core/shop";
import { kitNewsletterService } from "./kit";

export interface NewsletterSubscription {
  /** Where the service's newsletters go (the address as typed, lower case). */
  email: string;
  name: string;
}

/** The list of a shop language at the service (SPEC 3: an api key per shop and language, a form id). */
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

export type NewsletterAdapters = Record<NewsletterProvider, NewsletterService>;

export const DEFAULT_ADAPTERS: NewsletterAdapters = { local: localNewsletterService, kit: kitNewsletterService() };

/** Where one subscriber's changes go, or why they cannot go anywhere now (the delivery waits and tries again). */
export type NewsletterTarget = { service: NewsletterService; list: NewsletterListTarget } | { problem: string };

/** The shop's service and list for a language, from its config and the worker's secrets. */
export function newsletterTargetFor(shop: Shop, language: string, env: ShopApiEnv, adapters: NewsletterAdapters = DEFAULT_ADAPTERS): NewsletterTarget {
  const { provider, lists } = shop.newsletter;
  if (provider === "local") return { service: adapters.local, list: { shopId: shop.id, language, apiKey: "", formId: "local" } };
  const list = lists[language as keyof typeof lists];
  if (!list) return { problem: `${shop.id} has no ${provider} list for the language '${language}'` };
  const apiKey = secretValue(env, list.apiKeySecret);
  if (!apiKey) return { problem: `the secret ${list.apiKeySecret} (${shop.id}, ${language}) is not set` };
  return { service: adapters[provider], list: { shopId: shop.id, language, apiKey, formId: list.formId } };
}
