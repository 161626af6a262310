/**
 * The Kit adapter against a local node:http stand-in of Kit's API v4 (tests/kit/newsletter-kit-stand-in.ts),
 * and how a shop's config chooses the service and list.
 */
import rawConfig from "@config/shops.json";
import { looseCopy } from "@tests/kit/loose-json";
import { parseShopConfig } from "@config/shop-config";
import type { ShopApiEnv } from "@worker/env";
import { shopOf } from "../core/shop";
import { kitNewsletterService, NewsletterServiceError } from "./kit";
import { localNewsletterService, type NewsletterListTarget } from "./service";
import { newsletterTargetFor, type NewsletterAdapters } from "./targets";
import { startKitStandIn, type KitStandIn } from "@tests/kit/newsletter-kit-stand-in";
import { HELD_BACK_MS, limitFor } from "@tests/kit/json-stand-in";

let kit: KitStandIn;
beforeAll(async () => {
  kit = await startKitStandIn();
});
afterAll(() => kit.close());
beforeEach(() => kit.reset());

const LIST: NewsletterListTarget = { shopId: "CH", language: "fr", apiKey: "kit_api_key_fr_0123456789", formId: "4711" };
const adapter = (timeoutMs = limitFor()) => kitNewsletterService({ origin: kit.origin, timeoutMs });
const claire = { email: "claire@example.com", name: "Claire Dubois" };

async function refusal(promise: Promise<unknown>): Promise<NewsletterServiceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(NewsletterServiceError);
  return error as NewsletterServiceError;
}

describe("subscribe", () => {
  test("creates the subscriber with the list's key, then adds it to the list's form", async () => {
    await adapter().subscribe(claire, LIST);
    expect(kit.requests).toEqual([
      {
        method: "POST",
        path: "/v4/subscribers",
        query: {},
        apiKey: LIST.apiKey,
        contentType: "application/json",
        body: { email_address: "claire@example.com", first_name: "Claire Dubois", state: "active" },
      },
      {
        method: "POST",
        path: "/v4/forms/4711/subscribers",
        query: {},
        apiKey: LIST.apiKey,
        contentType: "application/json",
        body: { email_address: "claire@example.com" },
      },
    ]);
    expect(kit.subscribers.get("claire@example.com")).toMatchObject({ state: "active", forms: new Set(["4711"]) });
  });

  test("a repeat (the drain delivers at least once) is fine", async () => {
    await adapter().subscribe(claire, LIST);
    await adapter().subscribe(claire, LIST);
    expect(kit.subscribers.size).toBe(1);
  });

  test.each<[string, { status?: number; body: unknown; delayMs?: number }, RegExp]>([
    ["a wrong key", { status: 401, body: { errors: ["The access token is invalid"] } }, /^kit POST \/v4\/subscribers: HTTP 401 .*access token is invalid/],
    ["a refusal of the address", { status: 422, body: { errors: ["Email address is invalid"] } }, /HTTP 422/],
    ["the service down", { status: 503, body: "<html>maintenance</html>" }, /HTTP 503 <html>maintenance<\/html>/],
    ["too many calls", { status: 429, body: { errors: ["Rate limit"] } }, /HTTP 429/],
    ["an answer that is not JSON", { status: 200, body: "<html>ok</html>" }, /not JSON/],
    ["a slow service", { body: {}, delayMs: HELD_BACK_MS }, /no answer \(TimeoutError\)/],
  ])("%s fails the attempt with the reason", async (_case, answer, reason) => {
    kit.respond((request) => (request.path === "/v4/subscribers" ? answer : undefined));
    const error = await refusal(adapter(limitFor(answer)).subscribe(claire, LIST));
    expect(error.message).toMatch(reason);
    expect(error.message.length).toBeLessThan(300);
    expect(error.message).not.toContain(LIST.apiKey);
  });

  test("the form's refusal fails the attempt too", async () => {
    kit.respond((request) => (request.path.startsWith("/v4/forms/") ? { status: 404, body: { errors: ["Form not found"] } } : undefined));
    expect((await refusal(adapter().subscribe(claire, LIST))).message).toMatch(/^kit POST \/v4\/forms\/4711\/subscribers: HTTP 404/);
  });

  test("a service nobody listens at fails the attempt", async () => {
    const error = await refusal(kitNewsletterService({ origin: "http://127.0.0.1:9", timeoutMs: 500 }).subscribe(claire, LIST));
    expect(error.message).toMatch(/no answer/);
  });
});

describe("unsubscribe", () => {
  test("finds the subscriber by address and unsubscribes it", async () => {
    await adapter().subscribe(claire, LIST);
    kit.requests.length = 0;
    await adapter().unsubscribe(claire, LIST);
    const id = kit.subscribers.get("claire@example.com")!.id;
    expect(kit.requests.map((request) => [request.method, request.path, request.query, request.apiKey])).toEqual([
      ["GET", "/v4/subscribers", { email_address: "claire@example.com", status: "all" }, LIST.apiKey],
      ["POST", `/v4/subscribers/${id}/unsubscribe`, {}, LIST.apiKey],
    ]);
    expect(kit.subscribers.get("claire@example.com")!.state).toBe("cancelled");
  });

  test("an address the service does not have: nothing to do", async () => {
    await adapter().unsubscribe(claire, LIST);
    expect(kit.requests.map((request) => request.method)).toEqual(["GET"]);
  });

  test("a list answer of another shape, or an id that is no number, fails the attempt", async () => {
    kit.respond((request) => (request.method === "GET" ? { body: { items: [] } } : undefined));
    await refusal(adapter().unsubscribe(claire, LIST));
    kit.reset();
    kit.respond((request) => (request.method === "GET" ? { body: { subscribers: [{ id: "../../admin", email_address: "claire@example.com" }] } } : undefined));
    await refusal(adapter().unsubscribe(claire, LIST));
    expect(kit.requests.map((request) => request.method)).toEqual(["GET"]);
  });
});

describe("the shop's service and list", () => {
  const kitShop = () => {
    const raw = looseCopy(rawConfig);
    const index = (raw.shops as { id: string }[]).findIndex((shop) => shop.id === "CH");
    raw.shops[index]!.newsletter = {
      provider: "kit",
      lists: {
        de: { apiKeySecret: "KIT_KEY_CH_DE", formId: "11" },
        fr: { apiKeySecret: "KIT_KEY_CH_FR", formId: "12" },
        it: { apiKeySecret: "KIT_KEY_CH_IT", formId: "13" },
      },
    };
    return shopOf(parseShopConfig(raw).shops[index]!);
  };
  const adapters: NewsletterAdapters = { local: localNewsletterService, kit: kitNewsletterService({ origin: "http://127.0.0.1:9" }) };

  test("Kit: the language's list with the key from its secret", () => {
    const env = { KIT_KEY_CH_FR: " kit-key-fr " } as unknown as ShopApiEnv;
    const target = newsletterTargetFor(kitShop(), "fr", env, adapters);
    expect(target).toEqual({ service: adapters.kit, list: { shopId: "CH", language: "fr", apiKey: "kit-key-fr", formId: "12" } });
  });

  test("Kit without the secret set: a problem naming the secret (the delivery waits)", () => {
    expect(newsletterTargetFor(kitShop(), "it", {} as ShopApiEnv, adapters)).toEqual({ problem: "the secret KIT_KEY_CH_IT (CH, it) is not set" });
  });

  test("the demo shops: the local list", () => {
    const de = shopOf(parseShopConfig(rawConfig).shops[0]!);
    expect(newsletterTargetFor(de, "de", {} as ShopApiEnv, adapters)).toEqual({
      service: localNewsletterService,
      list: { shopId: "DE", language: "de", apiKey: "", formId: "local" },
    });
  });
});
