import { z } from "zod";
import { isLocalStandInOrigin } from "@domain/widget-url";
import { isMailAddress, parseMailbox } from "@worker/lib/mailbox";
import { inStorefrontOrder, OFFLINE_PAYMENT_METHODS, ONLINE_PAYMENT_METHODS, PAYMENT_METHOD_ORDER, PAYMENT_METHODS } from "@domain/payment-methods";

/**
 * The shop routing ops change: one validated file (config/shops.json).
 * A bad file fails `npm run config:check`, the build and `wrangler dev`/deploy
 * with a message naming the field; request handling only ever sees a valid config.
 */

export const ENVIRONMENTS = ["production", "staging", "integration", "development", "test"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Environments served on this machine over http on *.localhost: `npm start` (development) and the browser tests (test). */
export const LOCAL_ENVIRONMENTS = ["development", "test"] as const satisfies readonly Environment[];
export type LocalEnvironment = (typeof LOCAL_ENVIRONMENTS)[number];
export const isLocalEnvironment = (environment: Environment): environment is LocalEnvironment => LOCAL_ENVIRONMENTS.some((local) => local === environment);

/** Language codes a shop can use; `at` is Austrian German. */
export const LANGUAGES = ["de", "en", "fr", "it", "at", "nl"] as const;
export type Language = (typeof LANGUAGES)[number];

const language = z.enum(LANGUAGES);
const hostName = z.string().regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/, "must be a lower-case host name with an optional :port");
const origin = z
  .string()
  .url()
  .refine((value) => {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.pathname === "/" && !url.search && !url.hash && !url.username;
  }, "must be an http(s) origin without path, query or credentials");
const country = z.string().regex(/^[a-z]{2}$/, "must be a two-letter lower-case country code");
const mailbox = z.string().refine((value) => parseMailbox(value) !== null, "must be a mailbox like 'Bodenhaus <service@bodenhaus.example>'");
const mailAddress = z.string().refine(isMailAddress, "must be an e-mail address like service@bodenhaus.example");
const legacyPath = z.string().regex(/^[a-z0-9][a-z0-9-]*\.html$/, "must be a file name like kontakt.html");

/**
 * The captcha a shop's forms use (docs/decisions/0024): ALTCHA, the self-hosted proof of
 * work (no site key, no third party), or reCAPTCHA v3 / Turnstile with the site key the
 * browser renders; reCAPTCHA v3 answers below `minScore` are refused. Secrets come from
 * the environment (ALTCHA_HMAC_KEY, RECAPTCHA_SECRET, TURNSTILE_SECRET), never from here.
 */
const siteKey = z.string().regex(/^[A-Za-z0-9_-]{10,100}$/, "must be the provider's site key");
export const captchaSchema = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("altcha") }).strict(),
  z.object({ provider: z.literal("recaptcha-v3"), siteKey, minScore: z.number().min(0).max(1).default(0.5) }).strict(),
  z.object({ provider: z.literal("turnstile"), siteKey }).strict(),
]);
export type CaptchaSettings = z.infer<typeof captchaSchema>;

/**
 * Free samples (docs/decisions/0030): how many sample orders may be finished per Berlin day
 * in the shop by one visitor, one e-mail, one address and one client IP (its IPv4 address
 * or IPv6 /64). The finishing statement itself counts, so concurrent finishes cannot pass.
 */
const perDay = z.number().int().min(1).max(1000);
export const sampleLimitsSchema = z.object({ maxFinishedPerDay: z.object({ visitor: perDay, email: perDay, address: perDay, ip: perDay }).strict() }).strict();
export type SampleLimits = z.infer<typeof sampleLimitsSchema>;
export const DEFAULT_SAMPLE_LIMITS: SampleLimits = { maxFinishedPerDay: { visitor: 2, email: 2, address: 2, ip: 5 } };

const hostsByEnvironment = z.object({
  production: z.array(hostName).min(1),
  staging: z.array(hostName),
  integration: z.array(hostName),
  development: z.array(hostName).min(1),
  test: z.array(hostName).min(1),
});

/**
 * Payment methods (the lists and the rule which are offered: domain/payment-methods.ts). The offline methods are complete in the shop API;
 * online methods are shown and taken only when a payment provider is configured for the
 * shop, and none is yet, so the checkout refuses them as not available.
 */
export { ONLINE_PAYMENT_METHODS, PAYMENT_METHODS, type PaymentMethod } from "@domain/payment-methods";

/** The account a prepayment is transferred to (named in the order confirmation). */
export const bankAccountSchema = z
  .object({
    holder: z.string().min(1).max(120),
    bank: z.string().min(1).max(120),
    iban: z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,36}$/, "must be an IBAN"),
    bic: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, "must be a BIC of 8 or 11 characters"),
  })
  .strict();
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** The seller the shop's invoices and credit notes name: its legal name, address and VAT ID. */
export const sellerSchema = z
  .object({
    name: z.string().min(1).max(120),
    street: z.string().min(1).max(120),
    postcode: z.string().min(1).max(12),
    city: z.string().min(1).max(80),
    countryCode: country,
    vatId: z.string().regex(/^[A-Z]{2}[A-Z0-9.\- ]{2,20}$/, "must be a VAT ID like DE123456789"),
    /** The commercial register entry, e.g. "Amtsgericht Berlin HRB 123456". */
    register: z.string().min(1).max(120).optional(),
  })
  .strict();
export type Seller = z.infer<typeof sellerSchema>;

/** The name of a secret (an environment variable of the worker) that holds a key: never the key itself. */
const secretName = z.string().regex(/^[A-Z][A-Z0-9_]{2,63}$/, "must be the name of a secret like LOQATE_KEY");

/**
 * Address suggestions (docs/decisions/0036): the lookup service of the shop's
 * address forms and the secret holding its key. Absent: no suggestions, the forms work
 * without them.
 */
export const ADDRESS_LOOKUP_PROVIDERS = ["loqate"] as const;
export const addressLookupSchema = z.object({ provider: z.enum(ADDRESS_LOOKUP_PROVIDERS), keySecret: secretName }).strict();
export type AddressLookupSettings = z.infer<typeof addressLookupSchema>;

/**
 * A payment provider of the shop (docs/decisions/0036): the adapter's name, the online
 * methods it takes for the shop, and the secrets it needs by role (API key, signing secret,
 * ...). An online method is offered only when a provider with an adapter takes it.
 */
export const paymentProviderSchema = z
  .object({
    provider: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, "must be a payment adapter's name like 'mollie'"),
    methods: z.array(z.enum(ONLINE_PAYMENT_METHODS)).min(1),
    secrets: z.record(z.string().regex(/^[a-zA-Z]{1,40}$/, "must be a role like apiKey"), secretName).default({}),
  })
  .strict();
export type PaymentProviderSettings = z.infer<typeof paymentProviderSchema>;
/**
 * The newsletter (docs/decisions/0040): where confirmed sign-ups
 * are handed over. `local` keeps them in D1 only (nothing leaves the machine; the demo shops);
 * `kit` hands them to Kit (ConvertKit) with one list per shop language: the secret holding the
 * list's API key and the id of its form (an api key per shop and language, a form id).
 */
export const NEWSLETTER_PROVIDERS = ["local", "kit"] as const;
export type NewsletterProvider = (typeof NEWSLETTER_PROVIDERS)[number];
export const newsletterListSchema = z
  .object({ apiKeySecret: secretName, formId: z.string().regex(/^[1-9][0-9]{0,19}$/, "must be the form's numeric id like '1234567'") })
  .strict();
export const newsletterSettingsSchema = z
  .object({ provider: z.enum(NEWSLETTER_PROVIDERS), lists: z.record(language, newsletterListSchema).default({}) })
  .strict();
export type NewsletterSettings = z.infer<typeof newsletterSettingsSchema>;

/** Storage of ordered goods: free for `freeMonths` months from the order's date (3 in every demo shop). */
export const storageSettingsSchema = z.object({ freeMonths: z.number().int().min(1).max(24).default(3) }).strict();
export type StorageSettings = z.infer<typeof storageSettingsSchema>;
/**
 * Inquiries (docs/decisions/0039): whether the shop takes product questions,
 * bulk-buyer inquiries and offer requests. Off (the default): the product page keeps
 * 'Leider sind Anfragen derzeit nicht verfügbar' and POST /apiv2/inquiry answers 403
 * `inquiries_unavailable`. Notifications go to `mail.service`.
 */
export const inquirySettingsSchema = z.object({ enabled: z.boolean() }).strict();
export type InquirySettings = z.infer<typeof inquirySettingsSchema>;

/**
 * Reviews (docs/decisions/0047). `provider` is the path segment of the rating and
 * review calls (GET /apiv2/{provider}/rating). `verification` is what the product pages
 * tell visitors about where the reviews come from (EU Omnibus directive, UCPD art. 7(6)):
 * `none` says the shop does not check that reviewers bought or used the product; `orders` says
 * only customers with an order are invited to review (true only when the provider invites
 * buyers and nothing else gets published). `widget` is the provider's widget script: loaded
 * only when the visitor consented to all cookies; a real provider's host must be allowed in
 * edge.contentSecurityPolicy.script.
 */
export const REVIEW_VERIFICATIONS = ["none", "orders"] as const;
/**
 * A third party's widget: its script, the real provider's https URL, or a path on the widget
 * stand-in of the local environments (`environments.<name>.widgetStandIn`, docs/decisions/0070):
 * an environment without a stand-in has no such widget, so no deployed page or CSP names a loopback address.
 */
const widgetSchema = z
  .object({
    scriptUrl: z
      .string()
      .refine(
        (value) => isHttpsUrl(value) || /^\/(?!\/)[A-Za-z0-9._~/-]+$/.test(value),
        "must be an https URL, or a path like /reviews/widget/DE-DEMO.js on the local environments' widget stand-in",
      ),
  })
  .strict();
export type WidgetSettings = z.infer<typeof widgetSchema>;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !url.username && !url.password;
  } catch {
    return false;
  }
}
export const reviewSettingsSchema = z
  .object({
    provider: z
      .string()
      .regex(/^[a-z][a-z0-9-]{1,39}$/, "must be a lower-case path segment like 'trustedshops'")
      .default("shop"),
    /** The provider's name as visitors know it (the notice names it); none for the shop's own reviews. */
    name: z.string().min(1).max(60).optional(),
    verification: z.enum(REVIEW_VERIFICATIONS).default("none"),
    /** The shop's page at the provider (the footer links to it); none: no link. */
    profileUrl: z
      .string()
      .url()
      .refine((value) => new URL(value).protocol === "https:", "must be an https URL")
      .optional(),
    widget: widgetSchema.optional(),
  })
  .strict();

/**
 * Live chat (docs/decisions/0070): the chat provider's widget script the chat page loads when
 * the visitor starts the chat (the click is the consent); its host must be allowed in
 * edge.contentSecurityPolicy.script and, for its messages, connect. None: the chat page leads to
 * the contact form (advice by e-mail).
 */
const chatSettingsSchema = z
  .object({
    /** The provider's name as visitors know it (the chat page names who receives their messages). */
    name: z.string().min(1).max(60),
    widget: widgetSchema,
  })
  .strict();

/**
 * Tracking (docs/decisions/0050): the shop's Google Tag Manager container and
 * its consent manager. The pages read both at run time from GET /apiv2/environment
 * (`tagManager`, `cookies.enabled`/`cookies.key`): none configured, nothing third-party
 * loads and the pages ask with their own consent dialog.
 */
export const trackingSettingsSchema = z
  .object({
    tagManager: z
      .object({ containerId: z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, "must be a container id like GTM-AB12CD3") })
      .strict()
      .optional(),
    consentManager: z
      .object({ key: z.string().regex(/^[A-Za-z0-9]{8,64}$/, "must be the consent manager's id code") })
      .strict()
      .optional(),
  })
  .strict();
export type TrackingSettings = z.infer<typeof trackingSettingsSchema>;

/**
 * The service worker at /sw.js (docs/decisions/0051): `enabled` ships the caching
 * worker, `kill-switch` a worker that clears its caches and unregisters itself at the same
 * path (what to ship when a worker misbehaves; the pages then stop registering one).
 */
export const SERVICE_WORKER_MODES = ["enabled", "kill-switch"] as const;
export type ServiceWorkerMode = (typeof SERVICE_WORKER_MODES)[number];

/**
 * Where a shop's published build is served from (docs/decisions/0053): Workers Static
 * Assets (`static`, at most 100,000 files per deployment) or the SITE_ASSETS R2 bucket (`r2`, no
 * file limit; the edge reads it with the Cache API in front). The edge's rules are the same for both.
 */
export const SITE_ASSET_STORES = ["static", "r2"] as const;
export type SiteAssetStore = (typeof SITE_ASSET_STORES)[number];

export const shopSchema = z
  .object({
    id: z.string().regex(/^[A-Z]{2,8}$/, "must be 2-8 upper-case letters"),
    name: z.string().min(1),
    currency: z.enum(["EUR", "CHF"]),
    taxRate: z.number().min(0).max(50),
    languages: z.array(language).min(1),
    defaultLanguage: language,
    domainPrefixes: z.array(language),
    /** The host-based language logic applies to DE, CH and the no-shop-found shop. */
    hostLanguageRules: z.boolean(),
    deliveryCountries: z.array(country).min(1),
    hosts: hostsByEnvironment,
    legacyOrigin: origin.optional(),
    captcha: captchaSchema.default({ provider: "altcha" }),
    samples: sampleLimitsSchema.default(DEFAULT_SAMPLE_LIMITS),
    /** Transactional mail: the sender of every mail to customers; the service address receives staff notifications. */
    mail: z.object({ from: mailbox, service: mailAddress }).strict(),
    /** The payment methods the checkout offers, in this order (the storefront's, domain/payment-methods.ts). */
    paymentMethods: z
      .array(z.enum(PAYMENT_METHODS))
      .min(1)
      .default([...OFFLINE_PAYMENT_METHODS]),
    /** Where prepayments go; required when the shop offers prepayment. */
    bankAccount: bankAccountSchema.optional(),
    /** The seller its invoices name (none: the shop issues no invoices). */
    seller: sellerSchema.optional(),
    /** Address suggestions in the address forms (none: the forms work without). */
    addressLookup: addressLookupSchema.optional(),
    /** The providers of the shop's online payment methods (none: online methods are not offered). */
    paymentProviders: z.array(paymentProviderSchema).default([]),
    /** Storage of ordered goods: how many months an order on call is stored free of charge. */
    storage: storageSettingsSchema.default({}),
    /** Inquiries and offer requests: off unless switched on. */
    inquiries: inquirySettingsSchema.default({ enabled: false }),
    /** The newsletter's hand-over: local (D1 only) unless the shop names a service and its lists. */
    newsletter: newsletterSettingsSchema.default({ provider: "local" }),
    /** Reviews: the rating calls' provider segment, the verification notice, the provider's widget (the demo's: a local stand-in). */
    reviews: reviewSettingsSchema.default({}),
    /** Live chat: the chat provider's widget; none: the chat page leads to the contact form. */
    chat: chatSettingsSchema.optional(),
    /** Tag manager and consent manager: none unless configured. */
    tracking: trackingSettingsSchema.default({}),
    /** The service worker at /sw.js: the caching worker or its kill switch. */
    serviceWorker: z.enum(SERVICE_WORKER_MODES).default("enabled"),
    /** Where the shop's build is published and served from (docs/decisions/0053). */
    assets: z.enum(SITE_ASSET_STORES).default("static"),
  })
  .strict()
  .superRefine((shop, ctx) => {
    for (const list of Object.keys(shop.newsletter.lists)) {
      if (!shop.languages.includes(list as Language))
        ctx.addIssue({ code: "custom", path: ["newsletter", "lists", list], message: `'${list}' is not one of the shop's languages` });
    }
    if (shop.newsletter.provider !== "local") {
      for (const missing of shop.languages.filter((lang) => !shop.newsletter.lists[lang]))
        ctx.addIssue({ code: "custom", path: ["newsletter", "lists"], message: `needs a list for the shop's language '${missing}'` });
    }
    if (new Set(shop.paymentMethods).size !== shop.paymentMethods.length) {
      ctx.addIssue({ code: "custom", path: ["paymentMethods"], message: "lists a payment method twice" });
    } else if (!inStorefrontOrder(shop.paymentMethods)) {
      ctx.addIssue({ code: "custom", path: ["paymentMethods"], message: `must follow the storefront's order: ${PAYMENT_METHOD_ORDER.join(", ")}` });
    }
    if (shop.paymentMethods.includes("prepayment") && !shop.bankAccount) {
      ctx.addIssue({ code: "custom", path: ["bankAccount"], message: "is required when the shop offers prepayment" });
    }
    const served = new Set<string>();
    shop.paymentProviders.forEach((provider, index) => {
      provider.methods.forEach((method, methodIndex) => {
        const path = ["paymentProviders", index, "methods", methodIndex];
        if (!shop.paymentMethods.includes(method)) ctx.addIssue({ code: "custom", path, message: `'${method}' is not one of the shop's paymentMethods` });
        if (served.has(method)) ctx.addIssue({ code: "custom", path, message: `'${method}' already has a provider` });
        served.add(method);
      });
    });
    if (!shop.languages.includes(shop.defaultLanguage)) {
      ctx.addIssue({ code: "custom", path: ["defaultLanguage"], message: `must be one of the shop's languages (${shop.languages.join(", ")})` });
    }
    shop.domainPrefixes.forEach((prefix, index) => {
      if (!shop.languages.includes(prefix)) {
        ctx.addIssue({ code: "custom", path: ["domainPrefixes", index], message: `'${prefix}' is not one of the shop's languages` });
      }
    });
    if (shop.domainPrefixes.length > 0 && shop.domainPrefixes.length !== shop.languages.length) {
      ctx.addIssue({ code: "custom", path: ["domainPrefixes"], message: "a shop with prefixes needs one prefix for every language" });
    }
  });

const cookieName = z.string().regex(/^[A-Za-z0-9_]+$/, "must be a cookie name of A-Z, a-z, 0-9 and _");

const environmentSettings = z
  .object({
    tokenCookie: cookieName,
    /** The customer session's cookie (`__Host-` prefixed wherever it can be Secure, like the token cookie). */
    sessionCookie: cookieName.default("bh_session"),
    /** Scheme of the preferred origin redirects are built on; default https (http for development and test). */
    scheme: z.enum(["https", "http"]).optional(),
    /** The shops' non-API calls need basic authentication with the worker secret BASIC_AUTH_CREDENTIALS (worker/edge/basic-auth.ts). */
    basicAuth: z.boolean().default(false),
    /**
     * The local stand-in of the review and chat providers (scripts/lib/widget-stand-in.ts,
     * docs/decisions/0070): http://127.0.0.1:{port}, only in the local environments. The shops'
     * widget paths load from it and the edge's CSP allows it there; elsewhere those widgets are off.
     */
    widgetStandIn: z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return isLocalStandInOrigin(url) && url.pathname === "/" && value === url.origin;
        } catch {
          return false;
        }
      }, "must be http://127.0.0.1:{port}, a local stand-in's origin")
      .optional(),
  })
  .strict();

/** Guards a gated route can name (worker/edge/cookie-gates.ts). */
export const GUARDS = ["new-search", "developer-mode"] as const;

/** `/search`, `/search/*` (the folder and everything below it), `/new-search.html`, `/DeveloperMode`. */
const gatedPath = z.string().regex(/^\/[A-Za-z0-9._-]+(\/\*)?$/, "must be one path segment like /search, /search/* or /developer-mode.html");
/** A CSP source: 'self', data:, blob: or an https origin with an optional path (wildcard sub-domain allowed). */
const cspSource = z
  .string()
  .regex(
    /^('self'|data:|blob:|https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/[A-Za-z0-9._~/-]*)?)$/,
    "must be 'self', data:, blob: or an https:// source (a local stand-in is the environment's widgetStandIn)",
  );

export const edgeSettingsSchema = z
  .object({
    /** The chosen language, kept 365 days. */
    localeCookie: cookieName.default("shop_locale"),
    /** The cookie that opens the developer-mode routes and the international entry. */
    developerModeCookie: cookieName.default("developer_mode"),
    /** The cookie that opens the new-search page. */
    newSearchCookie: cookieName.default("new_search_enabled"),
    /** Routes that answer 404 unless their guard's cookie is present (optionally behind a language prefix). */
    gates: z.array(z.object({ paths: z.array(gatedPath).min(1), guard: z.enum(GUARDS) }).strict()).default([
      { paths: ["/search", "/search/*", "/new-search.html"], guard: "new-search" },
      { paths: ["/developer-mode.html", "/DeveloperMode"], guard: "developer-mode" },
    ]),
    /** The international shop's entry on other hosts: `/com/...` or `?store=com`; needs the developer-mode cookie. */
    internationalEntry: z
      .object({
        shop: z.string().regex(/^[A-Z]{2,8}$/, "must be a shop id"),
        pathSegment: z.string().regex(/^[a-z]{2,8}$/, "must be a lower-case path segment"),
        queryParameter: z.string().regex(/^[a-z_]{1,32}$/, "must be a lower-case query parameter name"),
      })
      .strict()
      .optional(),
    /** Header the legacy front proxy sets to the shared secret (env UPSTREAM_REQUEST_SECRET) on upstream requests. */
    upstreamRequestHeader: z
      .string()
      .regex(/^x-[a-z0-9-]+$/, "must be a lower-case x- header name")
      .default("x-edge-upstream-secret"),
    /** What an upstream request for a legacy page gets: a redirect to the shop's legacyOrigin, or 404. */
    legacyAction: z.enum(["redirect", "not-found"]).default("redirect"),
    /** Request bodies above this many bytes get 413 before any upstream call. */
    maxBodyBytes: z.number().int().min(1024).max(104_857_600).default(1_048_576),
    /** Time limit of each call to the shop API. */
    upstreamTimeoutMs: z.number().int().min(100).max(60_000).default(10_000),
    /** Third-party sources the pages load (tag manager, captcha, consent manager, review widget, fonts, images). */
    contentSecurityPolicy: z
      .object({
        script: z.array(cspSource).default([]),
        style: z.array(cspSource).default([]),
        img: z.array(cspSource).default([]),
        font: z.array(cspSource).default([]),
        connect: z.array(cspSource).default([]),
        frame: z.array(cspSource).default([]),
        /** Hosts of video files the click-to-load player plays (docs/decisions/0047); none: only the shop's own. */
        media: z.array(cspSource).default([]),
      })
      .strict()
      .default({}),
  })
  .strict();

export type EdgeSettings = z.infer<typeof edgeSettingsSchema>;

/** Image uploads (worker/shop-api/core/uploads, docs/decisions/0025): limits enforced while the body is read. */
export const uploadSettingsSchema = z
  .object({
    /** The largest file accepted, in bytes (10 MiB). */
    maxFileBytes: z.number().int().min(1024).max(104_857_600).default(10_485_760),
    /** Files in one request. */
    maxFiles: z.number().int().min(1).max(20).default(6),
    /** The whole multipart body of one request, in bytes (40 MiB); the edge lets this much through on the upload path only. */
    maxRequestBytes: z.number().int().min(1024).max(104_857_600).default(41_943_040),
    /** Time limit of an upload call at the edge (its body streams through, so the client's sending time counts). */
    timeoutMs: z.number().int().min(1000).max(300_000).default(60_000),
    /** Uploads never attached to anything (a complaint, ...) are deleted by the cron after this many hours. */
    unattachedRetentionHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24),
  })
  .strict();

export type UploadSettings = z.infer<typeof uploadSettingsSchema>;

/**
 * Per-IP limits (docs/decisions/0024): one Cloudflare rate-limiting binding per bucket.
 * The binding's numbers live in wrangler.jsonc (ratelimits, period 10 or 60 seconds);
 * `npm run config:check` fails when they disagree with `rateLimits.perIp`.
 */
export const PER_IP_BUCKETS = ["write", "search", "graphql", "staff"] as const;
export type PerIpBucket = (typeof PER_IP_BUCKETS)[number];
export const RATE_LIMIT_BINDINGS = {
  write: "RATE_LIMIT_WRITE",
  search: "RATE_LIMIT_SEARCH",
  graphql: "RATE_LIMIT_GRAPHQL",
  /** Every call of the back office's staff API (/admin/api/*), reads included (the console polls). */
  staff: "RATE_LIMIT_STAFF",
} as const satisfies Record<PerIpBucket, string>;

const perIpLimit = z.object({ limit: z.number().int().min(1), period: z.union([z.literal(10), z.literal(60)]) }).strict();
/** An exact limit counted in D1: at most `limit` per key in each fixed window of `windowSeconds`. */
const exactLimit = z.object({ limit: z.number().int().min(1), windowSeconds: z.number().int().min(1).max(86_400) }).strict();

export const rateLimitsSchema = z
  .object({
    perIp: z.object({ write: perIpLimit, search: perIpLimit, graphql: perIpLimit, staff: perIpLimit }).strict(),
    exact: z
      .object({
        /** Per e-mail address. */
        login: exactLimit,
        /** Failed order lookups per order number (returns, docs/decisions/0038). */
        orderLookup: exactLimit,
        /** Per e-mail address and shop: the mails a customer account's forms send (registration, password reset, verification again). */
        accountMail: exactLimit.default({ limit: 5, windowSeconds: 3600 }),
        /** Per client address (its IPv6 /64): customer sign-in attempts, right or wrong. */
        customerLoginIp: exactLimit.default({ limit: 30, windowSeconds: 900 }),
        /** Failed order lookups per client address (its IPv6 /64). */
        orderLookupIp: exactLimit,
        /** Voucher codes tried per client address (its IPv6 /64), right or wrong: applying one to the cart. */
        voucherIp: exactLimit.default({ limit: 10, windowSeconds: 900 }),
        /** Inquiries sent per e-mail address and shop. */
        inquiryEmail: exactLimit.default({ limit: 5, windowSeconds: 3600 }),
        /** Inquiries sent per client address (its IPv6 /64), all shops together. */
        inquiryIp: exactLimit.default({ limit: 10, windowSeconds: 3600 }),
        /** Newsletter sign-ups per shop and normalised e-mail, whatever the address's state. */
        newsletterSignup: exactLimit.default({ limit: 5, windowSeconds: 3600 }),
        /** Newsletter sign-ups per client address (its IPv6 /64). */
        newsletterSignupIp: exactLimit.default({ limit: 20, windowSeconds: 3600 }),
        /** Terrace plans saved per client address (its IPv6 /64), all shops together. */
        terraceSaveIp: exactLimit.default({ limit: 30, windowSeconds: 3600 }),
        /** Terrace configuration numbers not found per client address (its IPv6 /64): loads, cart adds and offer requests by number. */
        terraceLookupIp: exactLimit.default({ limit: 20, windowSeconds: 900 }),
        /** Contact page messages per e-mail address and shop. */
        contactEmail: exactLimit.default({ limit: 5, windowSeconds: 3600 }),
        /** Contact page messages per client address (its IPv6 /64), all shops together. */
        contactIp: exactLimit.default({ limit: 10, windowSeconds: 3600 }),
      })
      .strict(),
  })
  .strict();
export type RateLimits = z.infer<typeof rateLimitsSchema>;
export type ExactLimitName = keyof RateLimits["exact"];

/**
 * The rebuild pipeline (worker/shop-api/rebuilds, docs/decisions/0032). A shop's queued build
 * waits until no change (to any shop) came for `quietSeconds`, but never longer than `maxDelaySeconds`
 * after its first change; a claimed build is held by its builder for `leaseSeconds` (each
 * progress report extends it), then another builder may take it over; a failed attempt is
 * retried after retryBaseSeconds * 2^(attempt-1), the build is failed after `maxAttempts`.
 * `deployHooks` (production): per shop the name of the environment variable (BUILD_HOOK_...)
 * holding the URL of the deploy hook that starts a build runner (CI or Workers Builds); a
 * shop without one is built by a builder that polls (`npm run builder`).
 */
const deployHookVariable = z.string().regex(/^BUILD_HOOK_[A-Z0-9_]{1,40}$/, "must be an environment variable name like BUILD_HOOK_DE");
export const rebuildSettingsSchema = z
  .object({
    quietSeconds: z.number().int().min(0).max(3600).default(5),
    maxDelaySeconds: z.number().int().min(1).max(86_400).default(300),
    leaseSeconds: z.number().int().min(10).max(3600).default(120),
    maxAttempts: z.number().int().min(1).max(20).default(4),
    retryBaseSeconds: z.number().int().min(1).max(3600).default(30),
    deployHooks: z.record(z.string(), deployHookVariable).default({}),
  })
  .strict();
export type RebuildSettings = z.infer<typeof rebuildSettingsSchema>;

/**
 * The back office (docs/decisions/0033): the host(s) per environment on which the edge serves
 * the staff console (dist/_console/) and forwards /admin/* to the shop API; nothing of the
 * shops answers there, and no shop host ever reaches /admin/*. The staff session lives in a
 * host-only cookie of this name (`__Host-` prefixed wherever it can be Secure).
 */
export const backOfficeSchema = z
  .object({
    hosts: z
      .object({
        production: z.array(hostName),
        staging: z.array(hostName),
        integration: z.array(hostName),
        development: z.array(hostName),
        test: z.array(hostName),
      })
      .strict(),
    staffCookie: cookieName.default("bh_staff"),
    /** The largest catalogue file the console may upload (bytes); it streams through the edge to the shop API, which has the same limit. */
    maxImportBytes: z.number().int().min(1024).max(104_857_600).default(20_971_520),
  })
  .strict();
export type BackOfficeSettings = z.infer<typeof backOfficeSchema>;

export const shopConfigSchema = z
  .object({
    fallbackLanguage: language,
    urlLanguages: z.array(language).min(1),
    environments: z
      .object({
        production: environmentSettings,
        staging: environmentSettings,
        integration: environmentSettings,
        development: environmentSettings,
        test: environmentSettings,
      })
      .strict(),
    legacyPaths: z.array(legacyPath),
    edge: edgeSettingsSchema.default({}),
    rateLimits: rateLimitsSchema,
    uploads: uploadSettingsSchema.default({}),
    rebuilds: rebuildSettingsSchema.default({}),
    shops: z.array(shopSchema).min(1),
    backOffice: backOfficeSchema.optional(),
  })
  .strict()
  .superRefine((config, ctx) => {
    const seenIds = new Set<string>();
    const seenHosts = new Map<string, string>();
    config.shops.forEach((shop, index) => {
      if (seenIds.has(shop.id)) ctx.addIssue({ code: "custom", path: ["shops", index, "id"], message: `duplicate shop id '${shop.id}'` });
      seenIds.add(shop.id);
      for (const env of ENVIRONMENTS) {
        shop.hosts[env].forEach((host, hostIndex) => {
          const owner = seenHosts.get(host);
          if (owner) {
            ctx.addIssue({ code: "custom", path: ["shops", index, "hosts", env, hostIndex], message: `host '${host}' is already used by shop ${owner}` });
          }
          seenHosts.set(host, shop.id);
        });
      }
    });
    for (const env of ENVIRONMENTS) {
      config.backOffice?.hosts[env].forEach((host, hostIndex) => {
        const owner = seenHosts.get(host);
        const path = ["backOffice", "hosts", env, hostIndex];
        if (owner)
          ctx.addIssue({ code: "custom", path, message: `host '${host}' is already used by ${owner === BACK_OFFICE ? "the back office" : `shop ${owner}`}` });
        seenHosts.set(host, BACK_OFFICE);
      });
    }
    const entry = config.edge.internationalEntry;
    if (entry) {
      if (!seenIds.has(entry.shop)) {
        ctx.addIssue({
          code: "custom",
          path: ["edge", "internationalEntry", "shop"],
          message: `'${entry.shop}' is not a shop id (${[...seenIds].join(", ")})`,
        });
      }
      if (config.urlLanguages.includes(entry.pathSegment as Language)) {
        ctx.addIssue({ code: "custom", path: ["edge", "internationalEntry", "pathSegment"], message: `'${entry.pathSegment}' is a URL language` });
      }
    }
    if (config.uploads.maxFileBytes > config.uploads.maxRequestBytes) {
      ctx.addIssue({
        code: "custom",
        path: ["uploads", "maxFileBytes"],
        message: `must not exceed uploads.maxRequestBytes (${config.uploads.maxRequestBytes})`,
      });
    }
    for (const shop of Object.keys(config.rebuilds.deployHooks)) {
      if (!seenIds.has(shop)) {
        ctx.addIssue({ code: "custom", path: ["rebuilds", "deployHooks", shop], message: `'${shop}' is not a shop id (${[...seenIds].join(", ")})` });
      }
    }
    if (config.rebuilds.quietSeconds > config.rebuilds.maxDelaySeconds) {
      ctx.addIssue({
        code: "custom",
        path: ["rebuilds", "quietSeconds"],
        message: `must not exceed rebuilds.maxDelaySeconds (${config.rebuilds.maxDelaySeconds})`,
      });
    }
    for (const environment of ENVIRONMENTS) {
      if (config.environments[environment].widgetStandIn && !isLocalEnvironment(environment)) {
        const path = ["environments", environment, "widgetStandIn"];
        ctx.addIssue({ code: "custom", path, message: `only the local environments (${LOCAL_ENVIRONMENTS.join(", ")}) have a widget stand-in` });
      }
    }
    config.shops.forEach((shop, index) => {
      const widgets = [
        ["reviews", shop.reviews.widget],
        ["chat", shop.chat?.widget],
      ] as const;
      for (const [section, widget] of widgets) {
        // A stand-in path is allowed by the edge in the environments that have the stand-in.
        if (widget && isHttpsUrl(widget.scriptUrl) && !cspAllows(config.edge.contentSecurityPolicy.script, widget.scriptUrl)) {
          const path = ["shops", index, section, "widget", "scriptUrl"];
          ctx.addIssue({ code: "custom", path, message: `its host must be listed in edge.contentSecurityPolicy.script` });
        }
      }
      // The chat widget sends the visitor's messages to its provider.
      const chat = shop.chat?.widget;
      if (chat && isHttpsUrl(chat.scriptUrl) && !cspAllows(config.edge.contentSecurityPolicy.connect, new URL(chat.scriptUrl).origin + "/")) {
        const path = ["shops", index, "chat", "widget", "scriptUrl"];
        ctx.addIssue({ code: "custom", path, message: `its host must be listed in edge.contentSecurityPolicy.connect` });
      }
    });
    if (!config.urlLanguages.includes(config.fallbackLanguage)) {
      ctx.addIssue({ code: "custom", path: ["fallbackLanguage"], message: `must be one of urlLanguages (${config.urlLanguages.join(", ")})` });
    }
  });

/** Whether a CSP source list lets a script URL load (a source of its scheme by host and port, `*.` for subdomains, or a path prefix). */
function cspAllows(sources: string[], scriptUrl: string): boolean {
  const url = new URL(scriptUrl);
  return sources.some((source) => {
    const match = /^(https?):\/\/(\*\.)?([^/]+)(\/.*)?$/.exec(source);
    if (!match || `${match[1]}:` !== url.protocol) return false;
    const [, , wildcard, host = "", path] = match;
    const hostOk = wildcard ? url.hostname.endsWith(`.${host}`) : url.host === host;
    return hostOk && (!path || (path.endsWith("/") ? url.pathname.startsWith(path) : url.pathname === path));
  });
}

/**
 * Where a widget's script loads from in an environment: a real provider's URL as configured; a
 * stand-in path from the environment's widget stand-in; null (no widget) where it has none.
 */
export function widgetScriptUrl(config: Pick<ShopConfig, "environments">, widget: WidgetSettings | undefined, environment: Environment): string | null {
  if (!widget) return null;
  if (!widget.scriptUrl.startsWith("/")) return widget.scriptUrl;
  const standIn = config.environments[environment].widgetStandIn;
  return standIn ? `${standIn}${widget.scriptUrl}` : null;
}

/** The CSP sources of an environment: the edge's lists, plus its widget stand-in for the widgets' scripts and their calls. */
export function contentSecurityPolicyFor(config: Pick<ShopConfig, "edge" | "environments">, environment: Environment): EdgeSettings["contentSecurityPolicy"] {
  const csp = config.edge.contentSecurityPolicy;
  const standIn = config.environments[environment].widgetStandIn;
  return standIn ? { ...csp, script: [...csp.script, standIn], connect: [...csp.connect, standIn] } : csp;
}

/** The owner name of back-office hosts in the duplicate check (never a shop id: those are upper-case). */
const BACK_OFFICE = "back-office";

export type ShopDefinition = z.infer<typeof shopSchema>;
export type ShopConfig = z.infer<typeof shopConfigSchema>;

export class ShopConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid shop config:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ShopConfigError";
  }
}

/** Validates raw JSON; throws ShopConfigError naming every bad field (e.g. `shops[1].currency`). */
export function parseShopConfig(raw: unknown): ShopConfig {
  const result = shopConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new ShopConfigError(result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`));
}

function formatPath(path: (string | number)[]): string {
  return path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part), "") || "(root)";
}

/** Scheme of an environment's origins: configured, else http for the local environments and https elsewhere. */
export function schemeFor(config: ShopConfig, environment: Environment): "http" | "https" {
  return config.environments[environment].scheme ?? (isLocalEnvironment(environment) ? "http" : "https");
}

export interface ResolvedShop {
  shop: ShopDefinition;
  environment: Environment;
  /** The host the shop prefers in this environment (first host listed). */
  preferredHost: string;
}

/**
 * Host table: exact host (with port where one is used) -> shop and environment.
 * Built once per config; lookups are a single Map access.
 */
export interface ResolvedBackOffice {
  environment: Environment;
  /** The back office's first host in this environment. */
  preferredHost: string;
}

export class ShopDirectory {
  private readonly byHost = new Map<string, ResolvedShop>();
  private readonly backOfficeByHost = new Map<string, ResolvedBackOffice>();

  constructor(readonly config: ShopConfig) {
    for (const shop of config.shops) {
      for (const environment of ENVIRONMENTS) {
        const hosts = shop.hosts[environment];
        for (const host of hosts) this.byHost.set(host, { shop, environment, preferredHost: hosts[0]! });
      }
    }
    for (const environment of ENVIRONMENTS) {
      const hosts = config.backOffice?.hosts[environment] ?? [];
      for (const host of hosts) this.backOfficeByHost.set(host, { environment, preferredHost: hosts[0]! });
    }
  }

  /** Exact, case-insensitive match of the request host against the back office's hosts. */
  backOffice(host: string): ResolvedBackOffice | undefined {
    return this.backOfficeByHost.get(host.toLowerCase());
  }

  /** Exact, case-insensitive match of the request host; undefined means the no-shop-found shop. */
  resolve(host: string): ResolvedShop | undefined {
    return this.byHost.get(host.toLowerCase());
  }

  shop(id: string): ShopDefinition | undefined {
    return this.config.shops.find((shop) => shop.id === id);
  }

  /** Rows of the host table, for `npm run config:check` and the no-shop-found page. */
  hostTable(): { host: string; shop: string; environment: Environment; preferred: boolean }[] {
    return [...this.byHost.entries()].map(([host, entry]) => ({
      host,
      shop: entry.shop.id,
      environment: entry.environment,
      preferred: entry.preferredHost === host,
    }));
  }
}
