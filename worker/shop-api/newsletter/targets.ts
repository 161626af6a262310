/**
 * Which service and list a subscriber's changes go to (docs/decisions/0040): the shop config's
 * `newsletter.provider`, and for an external service the list of the sign-up's language with
 * the key from the secret it names. A list that cannot be reached now is a problem the
 * delivery reports as its error; the delivery waits and tries again.
 */
import type { NewsletterProvider } from "@config/shop-config";
import type { ShopApiEnv } from "@worker/env";
import { secretValue } from "../core/secrets";
import type { Shop } from "../core/shop";
import { kitNewsletterService } from "./kit";
import { localNewsletterService, type NewsletterListTarget, type NewsletterService } from "./service";

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
