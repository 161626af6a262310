import { isOfflineMethod } from "@domain/payment-methods";
import rawConfig from "./shops.json";
import { configProblems } from "@tests/kit/config-problems";
import { hostTable, siteAssetBindingProblems } from "@scripts/check-config";
import { looseCopy, type LooseJson } from "@tests/kit/loose-json";
import { parseShopConfig, schemeFor, ShopDirectory } from "./shop-config";

const clone = () => looseCopy(rawConfig);

const problems = configProblems;

describe("shop config", () => {
  test("the committed config is valid", () => {
    expect(problems(rawConfig)).toEqual([]);
  });

  test("a config without the edge section still validates, with defaults (schema-compatible)", () => {
    const raw = clone();
    delete raw.edge;
    delete raw.environments.development.scheme;
    // Third-party widgets need their host in the edge's script policy: without an edge section, none.
    for (const shop of raw.shops as { reviews?: unknown; chat?: unknown }[]) {
      delete shop.reviews;
      delete shop.chat;
    }
    const config = parseShopConfig(raw);
    expect(config.edge.localeCookie).toBe("shop_locale");
    expect(config.edge.developerModeCookie).toBe("developer_mode");
    expect(config.edge.newSearchCookie).toBe("new_search_enabled");
    expect(config.edge.maxBodyBytes).toBe(1_048_576);
    expect(config.edge.gates.map((gate) => gate.guard)).toEqual(["new-search", "developer-mode"]);
    expect(schemeFor(config, "development")).toBe("http");
    expect(schemeFor(config, "staging")).toBe("https");
  });

  test.each<[string, (raw: LooseJson) => void, string]>([
    ["unknown guard", (raw) => (raw.edge.gates[0].guard = "admin"), "edge.gates[0].guard"],
    ["gate path with two segments", (raw) => (raw.edge.gates[0].paths[0] = "/a/b"), "edge.gates[0].paths[0]"],
    ["tiny body limit", (raw) => (raw.edge.maxBodyBytes = 10), "edge.maxBodyBytes"],
    ["http CSP source", (raw) => (raw.edge.contentSecurityPolicy.script[0] = "http://cdn.example"), "edge.contentSecurityPolicy.script[0]"],
    [
      "http CSP source on this machine without a port",
      (raw) => (raw.edge.contentSecurityPolicy.script[0] = "http://127.0.0.1"),
      "edge.contentSecurityPolicy.script[0]",
    ],
    ["http CSP source named localhost", (raw) => (raw.edge.contentSecurityPolicy.script[0] = "http://localhost:12131"), "edge.contentSecurityPolicy.script[0]"],
    [
      "'unsafe-eval' as a CSP source",
      (raw) => raw.edge.contentSecurityPolicy.script.push("'unsafe-eval'"),
      `edge.contentSecurityPolicy.script[${rawConfig.edge.contentSecurityPolicy.script.length}]`,
    ],
    ["unknown international shop", (raw) => (raw.edge.internationalEntry.shop = "XX"), "edge.internationalEntry.shop"],
    ["international segment that is a language", (raw) => (raw.edge.internationalEntry.pathSegment = "fr"), "edge.internationalEntry.pathSegment"],
    ["upper-case upstream header", (raw) => (raw.edge.upstreamRequestHeader = "X-Secret"), "edge.upstreamRequestHeader"],
    ["bad scheme", (raw) => (raw.environments.production.scheme = "ftp"), "environments.production.scheme"],
    ["unknown edge key", (raw) => (raw.edge.extra = 1), "edge"],
    ["host with a path", (raw) => (raw.shops[0].hosts.production[0] = "www.bodenhaus.example/x"), "shops[0].hosts.production[0]"],
    ["duplicate host", (raw) => (raw.shops[2].hosts.staging[0] = "de.staging.bodenhaus.example"), "shops[2].hosts.staging[0]"],
    ["fallback not a URL language", (raw) => (raw.fallbackLanguage = "en"), "fallbackLanguage"],
    ["legacy path with a slash", (raw) => raw.legacyPaths.push("a/kontakt.html"), "legacyPaths[7]"],
  ])("%s is refused, naming the field", (_name, breakIt, field) => {
    const raw = clone();
    breakIt(raw);
    const found = problems(raw);
    expect(found.some((problem) => problem.startsWith(`${field}:`))).toBe(true);
  });

  test("the test environment (browser tests) has its own hosts for every shop, over http, with its own token cookie", () => {
    const config = parseShopConfig(rawConfig);
    const directory = new ShopDirectory(config);
    for (const shop of config.shops) {
      expect(shop.hosts.test).toEqual([`${shop.id.toLowerCase()}.localhost:8797`]);
      expect(directory.resolve(shop.hosts.test[0]!)).toMatchObject({ shop: { id: shop.id }, environment: "test" });
    }
    expect(schemeFor(config, "test")).toBe("http");
    expect(config.environments.test.tokenCookie).toBe("bh_token_test");
  });

  test("without a configured scheme the local environments (development, test) use http", () => {
    const raw = clone();
    delete raw.environments.development.scheme;
    delete raw.environments.test.scheme;
    const config = parseShopConfig(raw);
    expect([schemeFor(config, "development"), schemeFor(config, "test"), schemeFor(config, "production")]).toEqual(["http", "http", "https"]);
  });

  test.each<[string, (raw: ReturnType<typeof clone>) => void, string]>([
    ["a shop without test hosts", (raw) => (raw.shops[1].hosts.test = []), "shops[1].hosts.test"],
    ["a shop without the test key", (raw) => delete raw.shops[0].hosts.test, "shops[0].hosts.test"],
    ["no test environment settings", (raw) => delete raw.environments.test, "environments.test"],
    ["a test host that is a development host", (raw) => (raw.shops[1].hosts.test[0] = "de.localhost:8787"), "shops[1].hosts.test[0]"],
    ["a test host of another shop", (raw) => (raw.shops[1].hosts.test[0] = "de.localhost:8797"), "shops[1].hosts.test[0]"],
  ])("%s is refused, naming the field", (_name, breakIt, field) => {
    const raw = clone();
    breakIt(raw);
    expect(problems(raw).some((problem) => problem.startsWith(`${field}:`))).toBe(true);
  });

  test("the host table lists every host with its origin, shop and environment", () => {
    const table = hostTable(parseShopConfig(rawConfig));
    expect(table).toMatch(/http:\/\/ch\.localhost:8787\s+CH\s+development\s+yes\s+host rules\s+\/de\/ \/fr\/ \/it\//);
    expect(table).toMatch(/https:\/\/bodenhaus\.example\s+DE\s+production\s{2,}host rules/);
    expect(table).toContain("Legacy paths");
  });

  test("the host table lists the test hosts after the development ones, and the test token cookie", () => {
    const table = hostTable(parseShopConfig(rawConfig));
    expect(table).toMatch(/http:\/\/de\.localhost:8797\s+DE\s+test\s+yes/);
    expect(table.indexOf("development")).toBeLessThan(table.indexOf(" test "));
    expect(table).toContain("test=bh_token_test");
  });
});

describe("shop config: inquiries", () => {
  test("every demo shop takes inquiries but the brand shop, which keeps the 'not available' message", () => {
    const shops = parseShopConfig(rawConfig).shops;
    expect(Object.fromEntries(shops.map((shop) => [shop.id, shop.inquiries.enabled]))).toEqual({
      DE: true,
      CH: true,
      AT: true,
      FR: true,
      IT: true,
      NL: true,
      COM: true,
      BRAND: false,
    });
  });

  test("a shop without the section does not take inquiries; the limits default when absent", () => {
    const raw = clone();
    delete raw.shops[0].inquiries;
    delete raw.rateLimits.exact.inquiryEmail;
    delete raw.rateLimits.exact.inquiryIp;
    const config = parseShopConfig(raw);
    expect(config.shops[0]!.inquiries).toEqual({ enabled: false });
    expect(config.rateLimits.exact.inquiryEmail).toEqual({ limit: 5, windowSeconds: 3600 });
    expect(config.rateLimits.exact.inquiryIp).toEqual({ limit: 10, windowSeconds: 3600 });
  });
});

describe("shop config: rate limits and captcha", () => {
  test("a shop without a captcha section uses ALTCHA, the self-hosted default", () => {
    expect(parseShopConfig(rawConfig).shops.map((shop) => shop.captcha.provider)).toEqual(rawConfig.shops.map(() => "altcha"));
  });

  test("reCAPTCHA v3 takes its minimum score from the config, 0.5 when not given", () => {
    const raw = clone();
    raw.shops[0].captcha = { provider: "recaptcha-v3", siteKey: "6LcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" };
    raw.shops[1].captcha = { provider: "recaptcha-v3", siteKey: "6LcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", minScore: 0.7 };
    const config = parseShopConfig(raw);
    expect(config.shops[0]!.captcha).toEqual({ provider: "recaptcha-v3", siteKey: "6LcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", minScore: 0.5 });
    expect(config.shops[1]!.captcha).toMatchObject({ minScore: 0.7 });
  });

  test.each<[string, (raw: LooseJson) => void, string]>([
    ["no rate limits", (raw) => delete raw.rateLimits, "rateLimits"],
    ["a per-IP period the binding does not support", (raw) => (raw.rateLimits.perIp.write.period = 30), "rateLimits.perIp.write.period"],
    ["a zero limit", (raw) => (raw.rateLimits.perIp.search.limit = 0), "rateLimits.perIp.search.limit"],
    ["a missing exact rule", (raw) => delete raw.rateLimits.exact.login, "rateLimits.exact.login"],
    ["an exact window longer than a day", (raw) => (raw.rateLimits.exact.orderLookup.windowSeconds = 100_000), "rateLimits.exact.orderLookup.windowSeconds"],
    ["an unknown captcha provider", (raw) => (raw.shops[0].captcha = { provider: "hcaptcha" }), "shops[0].captcha.provider"],
    ["reCAPTCHA v3 without a site key", (raw) => (raw.shops[0].captcha = { provider: "recaptcha-v3" }), "shops[0].captcha.siteKey"],
    ["Turnstile without a site key", (raw) => (raw.shops[1].captcha = { provider: "turnstile" }), "shops[1].captcha.siteKey"],
    ["prepayment without a bank account", (raw) => delete raw.shops[0].bankAccount, "shops[0].bankAccount"],
    ["an unknown payment method", (raw) => (raw.shops[0].paymentMethods = ["prepayment", "bitcoin"]), "shops[0].paymentMethods[1]"],
    ["a payment method twice", (raw) => (raw.shops[0].paymentMethods = ["invoice", "invoice"]), "shops[0].paymentMethods"],
    ["no payment method", (raw) => (raw.shops[0].paymentMethods = []), "shops[0].paymentMethods"],
    ["payment methods out of the storefront's order", (raw) => (raw.shops[0].paymentMethods = ["prepayment", "paypal"]), "shops[0].paymentMethods"],
    ["TWINT before prepayment", (raw) => (raw.shops[1].paymentMethods = ["paypal", "twint", "prepayment"]), "shops[1].paymentMethods"],
    ["an IBAN that is none", (raw) => (raw.shops[0].bankAccount.iban = "12345"), "shops[0].bankAccount.iban"],
    [
      "a minimum score above 1",
      (raw) => (raw.shops[0].captcha = { provider: "recaptcha-v3", siteKey: "6LcAAAAAAAAAAAAAAAA", minScore: 2 }),
      "shops[0].captcha.minScore",
    ],
    ["a site key on ALTCHA", (raw) => (raw.shops[0].captcha = { provider: "altcha", siteKey: "6LcAAAAAAAAAAAAAAAA" }), "shops[0].captcha"],
    ["inquiries switched on with a string", (raw) => (raw.shops[0].inquiries = { enabled: "yes" }), "shops[0].inquiries.enabled"],
    ["an unknown inquiries key", (raw) => (raw.shops[0].inquiries = { enabled: true, service: "a@b.example" }), "shops[0].inquiries"],
    ["an inquiry limit of zero", (raw) => (raw.rateLimits.exact.inquiryEmail.limit = 0), "rateLimits.exact.inquiryEmail.limit"],
  ])("%s is refused, naming the field", (_name, breakIt, field) => {
    const raw = clone();
    breakIt(raw);
    expect(problems(raw).some((problem) => problem.startsWith(`${field}:`))).toBe(true);
  });
});

describe("shop config: address lookup and payment providers (docs/decisions/0036)", () => {
  test("the demo shops: no address suggestions; PayPal takes PayPal in DE and AT, Stripe every other online method a shop lists (docs/decisions/0066, 0069)", () => {
    const config = parseShopConfig(rawConfig);
    expect(config.shops.map((shop) => shop.addressLookup)).toEqual(config.shops.map(() => undefined));
    const paypal = {
      provider: "paypal",
      methods: ["paypal"],
      secrets: { clientId: "PAYPAL_CLIENT_ID", clientSecret: "PAYPAL_CLIENT_SECRET", webhookId: "PAYPAL_WEBHOOK_ID" },
    };
    for (const shop of config.shops) {
      const direct = ["DE", "AT"].includes(shop.id);
      expect(shop.paymentProviders).toEqual([
        ...(direct ? [paypal] : []),
        {
          provider: "stripe",
          methods: shop.paymentMethods.filter((method) => !isOfflineMethod(method) && !(direct && method === "paypal")),
          secrets: { apiKey: "STRIPE_SECRET_KEY", webhookSecret: "STRIPE_WEBHOOK_SECRET" },
        },
      ]);
    }
    expect(config.shops.find((shop) => shop.id === "CH")!.paymentMethods).toContain("twint");
  });

  test("a shop with a Loqate lookup and a provider for its online methods", () => {
    const raw = clone();
    raw.shops[0].addressLookup = { provider: "loqate", keySecret: "LOQATE_KEY" };
    raw.shops[0].paymentMethods = ["paypal", "card", "prepayment"];
    raw.shops[0].paymentProviders = [{ provider: "mollie", methods: ["paypal", "card"], secrets: { apiKey: "MOLLIE_API_KEY" } }];
    const shop = parseShopConfig(raw).shops[0]!;
    expect(shop.addressLookup).toEqual({ provider: "loqate", keySecret: "LOQATE_KEY" });
    expect(shop.paymentProviders).toEqual([{ provider: "mollie", methods: ["paypal", "card"], secrets: { apiKey: "MOLLIE_API_KEY" } }]);
  });

  test.each<[string, (raw: LooseJson) => void, string]>([
    ["an unknown lookup service", (raw) => (raw.shops[0].addressLookup = { provider: "google", keySecret: "KEY_X" }), "shops[0].addressLookup.provider"],
    [
      "a key instead of a secret's name",
      (raw) => (raw.shops[0].addressLookup = { provider: "loqate", keySecret: "AA11-BB22-CC33-DD44" }),
      "shops[0].addressLookup.keySecret",
    ],
    ["a lookup without its secret", (raw) => (raw.shops[0].addressLookup = { provider: "loqate" }), "shops[0].addressLookup.keySecret"],
    [
      "a provider for an offline method",
      (raw) => (raw.shops[0].paymentProviders = [{ provider: "mollie", methods: ["invoice"] }]),
      "shops[0].paymentProviders[0].methods[0]",
    ],
    [
      "a provider for a method the shop does not offer",
      (raw) => (raw.shops[0].paymentProviders = [{ provider: "mollie", methods: ["twint"] }]),
      "shops[0].paymentProviders[0].methods[0]",
    ],
    [
      "two providers for one method",
      (raw) => {
        raw.shops[0].paymentMethods = ["paypal", "prepayment"];
        raw.shops[0].paymentProviders = [
          { provider: "mollie", methods: ["paypal"] },
          { provider: "paypal", methods: ["paypal"] },
        ];
      },
      "shops[0].paymentProviders[1].methods[0]",
    ],
    [
      "a provider name that is none",
      (raw) => (raw.shops[0].paymentProviders = [{ provider: "Mollie!", methods: ["paypal"] }]),
      "shops[0].paymentProviders[0].provider",
    ],
    [
      "a secret value in place of its name",
      (raw) => (raw.shops[0].paymentProviders = [{ provider: "mollie", methods: ["paypal"], secrets: { apiKey: "live_abc" } }]),
      "shops[0].paymentProviders[0].secrets.apiKey",
    ],
  ])("%s is refused, naming the field", (_name, breakIt, field) => {
    const raw = clone();
    breakIt(raw);
    expect(problems(raw).some((problem) => problem.startsWith(`${field}:`))).toBe(true);
  });
});

describe("shop config: tracking and the service worker (docs/decisions/0050, 0051)", () => {
  test("no demo shop has a tag manager or a consent manager; every one ships the caching service worker", () => {
    for (const shop of parseShopConfig(rawConfig).shops) {
      expect(shop.tracking).toEqual({});
      expect(shop.serviceWorker).toBe("enabled");
    }
  });

  test("a shop with a container, a consent manager and the kill switch", () => {
    const raw = clone();
    raw.shops[0].tracking = { tagManager: { containerId: "GTM-AB12CD3" }, consentManager: { key: "a1b2c3d4e5f6" } };
    raw.shops[0].serviceWorker = "kill-switch";
    const shop = parseShopConfig(raw).shops[0]!;
    expect(shop.tracking).toEqual({ tagManager: { containerId: "GTM-AB12CD3" }, consentManager: { key: "a1b2c3d4e5f6" } });
    expect(shop.serviceWorker).toBe("kill-switch");
  });

  test.each<[string, (raw: LooseJson) => void, string]>([
    [
      "a GA4 measurement id instead of a container",
      (raw) => (raw.shops[0].tracking = { tagManager: { containerId: "G-AB12CD3EF" } }),
      "shops[0].tracking.tagManager.containerId",
    ],
    [
      "markup as a container id",
      (raw) => (raw.shops[0].tracking = { tagManager: { containerId: 'GTM-1"><script>' } }),
      "shops[0].tracking.tagManager.containerId",
    ],
    ["a consent manager key with a path", (raw) => (raw.shops[0].tracking = { consentManager: { key: "../../evil" } }), "shops[0].tracking.consentManager.key"],
    ["an unknown tracking field", (raw) => (raw.shops[0].tracking = { pixel: true }), "shops[0].tracking"],
    ["an unknown service worker mode", (raw) => (raw.shops[0].serviceWorker = "off"), "shops[0].serviceWorker"],
  ])("refuses %s", (_name, change, path) => {
    const raw = clone();
    change(raw);
    expect(problems(raw).join("\n")).toContain(path);
  });
});

describe("shop config: where a shop's build is served from (docs/decisions/0053)", () => {
  test("static assets unless a shop says r2; anything else is refused naming the field", () => {
    const raw = clone();
    for (const shop of raw.shops) delete shop.assets;
    expect(parseShopConfig(raw).shops.every((shop) => shop.assets === "static")).toBe(true);
    raw.shops[5].assets = "r2";
    expect(parseShopConfig(raw).shops[5]!.assets).toBe("r2");
    for (const bad of ["R2", "s3", "", null, 1]) {
      raw.shops[5].assets = bad;
      expect(problems(raw).some((problem) => problem.startsWith("shops[5].assets"))).toBe(true);
    }
  });

  test("a shop on R2 needs the SITE_ASSETS bucket in every wrangler.jsonc scope", () => {
    const config = parseShopConfig(rawConfig);
    expect(config.shops.filter((shop) => shop.assets === "r2").map((shop) => shop.id)).toEqual(["FR"]);
    const bound = [{ binding: "UPLOADS" }, { binding: "SITE_ASSETS" }];
    expect(siteAssetBindingProblems(config, { r2_buckets: bound, env: { staging: { r2_buckets: bound } } })).toEqual([]);
    expect(siteAssetBindingProblems(config, { r2_buckets: [{ binding: "UPLOADS" }], env: { staging: { r2_buckets: bound }, production: {} } })).toEqual([
      "shops[3].assets: FR is published to R2, but wrangler.jsonc has no r2_buckets binding SITE_ASSETS",
      "shops[3].assets: FR is published to R2, but wrangler.jsonc env.production has no r2_buckets binding SITE_ASSETS",
    ]);
    const allStatic = parseShopConfig({ ...looseCopy(rawConfig), shops: looseCopy(rawConfig).shops.map((shop: LooseJson) => ({ ...shop, assets: "static" })) });
    expect(siteAssetBindingProblems(allStatic, {})).toEqual([]);
  });
});
