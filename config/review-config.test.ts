/**
 * The shop config's `reviews` (docs/decisions/0047): the provider segment of the
 * rating calls, the verification notice and the provider's widget, which the demo shops load
 * from the local providers' stand-in (docs/decisions/0070).
 */
import rawConfig from "./shops.json";
import { configProblems } from "@tests/kit/config-problems";
import { looseCopy, type LooseJson } from "@tests/kit/loose-json";
import { contentSecurityPolicyFor, ENVIRONMENTS, isLocalEnvironment, LOCAL_ENVIRONMENTS, parseShopConfig, widgetScriptUrl } from "./shop-config";
import { WIDGET_STAND_IN_PORT } from "@scripts/lib/local-ports";

const clone = () => looseCopy(rawConfig);
const index = (raw: LooseJson, id: string): number => (raw.shops as { id: string }[]).findIndex((shop) => shop.id === id);

test("every demo shop loads its review widget from the local stand-in, links to no review page, and tells visitors its reviews are not checked", () => {
  const config = parseShopConfig(rawConfig);
  for (const environment of LOCAL_ENVIRONMENTS) {
    expect(config.environments[environment].widgetStandIn).toBe(`http://127.0.0.1:${WIDGET_STAND_IN_PORT}`);
    expect(contentSecurityPolicyFor(config, environment).script).toContain(`http://127.0.0.1:${WIDGET_STAND_IN_PORT}`);
    expect(contentSecurityPolicyFor(config, environment).connect).toContain(`http://127.0.0.1:${WIDGET_STAND_IN_PORT}`);
  }
  for (const shop of config.shops) {
    expect(widgetScriptUrl(config, shop.reviews.widget, "development")).toBe(`http://127.0.0.1:${WIDGET_STAND_IN_PORT}/reviews/widget/${shop.id}-DEMO.js`);
    expect(shop.reviews.profileUrl).toBeUndefined();
    expect(shop.reviews.verification).toBe("none");
  }
});

test("the deployed environments have no widget stand-in: no demo widget, and no loopback address in their CSP or widget scripts", () => {
  const config = parseShopConfig(rawConfig);
  const loopback = /127\.0\.0\.1|localhost|\[::1\]/;
  for (const environment of ENVIRONMENTS.filter((candidate) => !isLocalEnvironment(candidate))) {
    expect(JSON.stringify(contentSecurityPolicyFor(config, environment))).not.toMatch(loopback);
    for (const shop of config.shops) {
      expect(widgetScriptUrl(config, shop.reviews.widget, environment)).toBeNull();
      expect(widgetScriptUrl(config, shop.chat?.widget, environment)).toBeNull();
    }
  }
  // A real provider's https script is the same in every environment.
  const real = { scriptUrl: "https://widgets.reviews.example/w.js" };
  for (const environment of ENVIRONMENTS) expect(widgetScriptUrl(config, real, environment)).toBe(real.scriptUrl);
});

test("a widget whose host the edge's script policy allows is valid", () => {
  const raw = clone();
  const de = index(raw, "DE");
  raw.edge ??= {};
  raw.edge.contentSecurityPolicy = {
    ...(raw.edge.contentSecurityPolicy ?? {}),
    script: [...(raw.edge.contentSecurityPolicy?.script ?? []), "https://widgets.reviews.example"],
  };
  raw.shops[de]!.reviews = {
    provider: "reviews-example",
    name: "Reviews Example",
    verification: "orders",
    widget: { scriptUrl: "https://widgets.reviews.example/w.js" },
  };
  expect(configProblems(raw)).toEqual([]);
  expect(parseShopConfig(raw).shops[de]!.reviews).toEqual({
    provider: "reviews-example",
    name: "Reviews Example",
    verification: "orders",
    widget: { scriptUrl: "https://widgets.reviews.example/w.js" },
  });
});

test.each<[string, (raw: LooseJson, de: number) => void, string]>([
  [
    "a widget the script policy does not allow",
    (raw, de) => (raw.shops[de]!.reviews = { widget: { scriptUrl: "https://evil.example/w.js" } }),
    "reviews.widget.scriptUrl",
  ],
  [
    "a widget over plain http",
    (raw, de) => (raw.shops[de]!.reviews = { widget: { scriptUrl: "http://widgets.reviews.example/w.js" } }),
    "reviews.widget.scriptUrl",
  ],
  [
    "a loopback address instead of a path on the environment's stand-in",
    (raw, de) => (raw.shops[de]!.reviews = { widget: { scriptUrl: "http://127.0.0.1:12131/reviews/widget/DE-DEMO.js" } }),
    "reviews.widget.scriptUrl",
  ],
  [
    "a stand-in path that names another host",
    (raw, de) => (raw.shops[de]!.reviews = { widget: { scriptUrl: "//evil.example/w.js" } }),
    "reviews.widget.scriptUrl",
  ],
  ["a relative path", (raw, de) => (raw.shops[de]!.reviews = { widget: { scriptUrl: "reviews/widget/DE-DEMO.js" } }), "reviews.widget.scriptUrl"],
  ["a javascript: widget", (raw, de) => (raw.shops[de]!.reviews = { widget: { scriptUrl: "javascript:alert(1)" } }), "reviews.widget.scriptUrl"],
  ["a provider segment that climbs out of the path", (raw, de) => (raw.shops[de]!.reviews = { provider: "../admin" }), "reviews.provider"],
  ["an unknown verification", (raw, de) => (raw.shops[de]!.reviews = { verification: "always" }), "reviews.verification"],
  ["an unknown key", (raw, de) => (raw.shops[de]!.reviews = { stars: 5 }), "reviews"],
  ["a profile page over plain http", (raw, de) => (raw.shops[de]!.reviews = { profileUrl: "http://reviews.example/shop" }), "reviews.profileUrl"],
])("%s is refused, naming the field", (_name, breakIt, field) => {
  const raw = clone();
  const de = index(raw, "DE");
  breakIt(raw, de);
  expect(configProblems(raw).some((problem) => problem.startsWith(`shops[${de}].${field}:`))).toBe(true);
});

test.each<[string, (raw: LooseJson) => void, string]>([
  ["a widget stand-in in production", (raw) => (raw.environments.production.widgetStandIn = "http://127.0.0.1:12131"), "environments.production.widgetStandIn"],
  ["a widget stand-in in staging", (raw) => (raw.environments.staging.widgetStandIn = "http://127.0.0.1:12131"), "environments.staging.widgetStandIn"],
  ["a stand-in on localhost", (raw) => (raw.environments.development.widgetStandIn = "http://localhost:12131"), "environments.development.widgetStandIn"],
  ["a stand-in on another host", (raw) => (raw.environments.test.widgetStandIn = "http://widgets.example:12131"), "environments.test.widgetStandIn"],
  ["a stand-in with a path", (raw) => (raw.environments.test.widgetStandIn = "http://127.0.0.1:12131/x"), "environments.test.widgetStandIn"],
  ["a stand-in without a port", (raw) => (raw.environments.test.widgetStandIn = "http://127.0.0.1"), "environments.test.widgetStandIn"],
  ["a loopback CSP source", (raw) => raw.edge.contentSecurityPolicy.script.push("http://127.0.0.1:12131"), "edge.contentSecurityPolicy.script"],
])("%s is refused, naming the field", (_name, breakIt, field) => {
  const raw = clone();
  breakIt(raw);
  expect(configProblems(raw).some((problem) => problem.startsWith(`${field}`))).toBe(true);
});
