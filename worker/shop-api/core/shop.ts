/**
 * The shop of a request, resolved once per request from the validated shop config
 * (config/shops.json, the one authority for what a shop is) by the `x-shop-id` header
 * the edge sets from the host; the language from `x-shop-language` when the shop has
 * it, else the shop's default. A request without a known shop resolves to null (the
 * route table answers 404 and nothing is read or written).
 */
import type { ShopChoice } from "@domain/back-office/shop-choice";
import {
  ENVIRONMENTS,
  type AddressLookupSettings,
  type BankAccount,
  type Seller,
  type CaptchaSettings,
  type InquirySettings,
  type NewsletterSettings,
  type PaymentMethod,
  type PaymentProviderSettings,
  type SampleLimits,
  type ServiceWorkerMode,
  type ShopDefinition,
  type StorageSettings,
  type TrackingSettings,
} from "@config/shop-config";
import { shopDirectory } from "@config/shops";
import { SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER } from "@worker/lib/shop-headers";

export interface Shop {
  id: string;
  name: string;
  currency: ShopDefinition["currency"];
  taxRate: number;
  languages: string[];
  defaultLanguage: string;
  domainPrefixes: string[];
  deliveryCountries: string[];
  /** The production origin with a trailing slash, e.g. https://www.bodenhaus.example/. */
  baseUrl: string;
  /** The shop's own country: the first of its delivery countries (de for DE and COM, ch for CH). */
  homeCountry: string;
  /** Host names of every environment, without port (a captcha answer must name one of them). */
  hostNames: string[];
  captcha: CaptchaSettings;
  /** Daily caps on finished sample orders (commerce/sample-limits.ts). */
  samples: SampleLimits;
  /** The payment methods the checkout offers (checkout/). */
  paymentMethods: PaymentMethod[];
  /** Where prepayments go; set whenever prepayment is offered (config validation). */
  bankAccount: BankAccount | null;
  /** The seller its invoices name, or null: the shop issues none (core/invoices). */
  seller: Seller | null;
  /** The address-suggestion service of the shop's forms, or null (core/address-lookup). */
  addressLookup: AddressLookupSettings | null;
  /** The providers of its online payment methods (core/payments). */
  paymentProviders: PaymentProviderSettings[];
  /** Storage of ordered goods: months free of charge (orders/storage.ts). */
  storage: StorageSettings;
  /** Whether the shop takes inquiries (inquiries/). */
  inquiries: InquirySettings;
  /** The shop's service address (config `mail.service`): staff notifications go there. */
  serviceAddress: string;
  /** Where confirmed newsletter sign-ups are handed over, per language (newsletter/). */
  newsletter: NewsletterSettings;
  /** Tag manager and consent manager, read by the pages from GET /apiv2/environment. */
  tracking: TrackingSettings;
  /** Whether the pages register the caching service worker (the edge serves its kill switch otherwise). */
  serviceWorker: ServiceWorkerMode;
}

export function shopOf(definition: ShopDefinition): Shop {
  return {
    id: definition.id,
    name: definition.name,
    currency: definition.currency,
    taxRate: definition.taxRate,
    languages: [...definition.languages],
    defaultLanguage: definition.defaultLanguage,
    domainPrefixes: [...definition.domainPrefixes],
    deliveryCountries: [...definition.deliveryCountries],
    baseUrl: `https://${definition.hosts.production[0]!}/`,
    homeCountry: definition.deliveryCountries[0]!,
    hostNames: [...new Set(ENVIRONMENTS.flatMap((environment) => definition.hosts[environment].map((host) => host.replace(/:\d+$/, ""))))],
    captcha: definition.captcha,
    samples: definition.samples,
    paymentMethods: [...definition.paymentMethods],
    bankAccount: definition.bankAccount ?? null,
    seller: definition.seller ?? null,
    addressLookup: definition.addressLookup ?? null,
    paymentProviders: definition.paymentProviders.map((provider) => ({ ...provider, methods: [...provider.methods], secrets: { ...provider.secrets } })),
    storage: { ...definition.storage },
    inquiries: { ...definition.inquiries },
    serviceAddress: definition.mail.service,
    newsletter: { provider: definition.newsletter.provider, lists: { ...definition.newsletter.lists } },
    tracking: { ...definition.tracking },
    serviceWorker: definition.serviceWorker,
  };
}

const SHOPS = new Map(shopDirectory.config.shops.map((definition) => [definition.id, shopOf(definition)]));

/** Every configured shop. */
export function allShops(): Shop[] {
  return [...SHOPS.values()];
}

/** Every configured shop as the back office's filters offer it. */
export function shopChoices(): ShopChoice[] {
  return allShops().map((shop) => ({ id: shop.id, name: shop.name }));
}

export function shopById(id: string): Shop | undefined {
  return SHOPS.get(id.toUpperCase());
}

export interface ShopAndLanguage {
  shop: Shop;
  language: string;
}

/** The shop and language of a request, or null when the request names no configured shop. */
export function resolveShop(request: Request): ShopAndLanguage | null {
  const shop = shopById(request.headers.get(SHOP_ID_HEADER) ?? "");
  if (!shop) return null;
  const requested = (request.headers.get(SHOP_LANGUAGE_HEADER) ?? "").toLowerCase();
  return { shop, language: shop.languages.includes(requested) ? requested : shop.defaultLanguage };
}
