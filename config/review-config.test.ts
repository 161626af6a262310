/**
 * The shop config's `reviews` (docs/decisions/0047): the provider segment of the
 * rating calls, the verification notice and the provider's widget, which no demo shop has.
 */
import rawConfig from "./shops.json";
import { configProblems } from "@tests/kit/config-problems";
import { looseCopy, type LooseJson } from "@tests/kit/loose-json";
import { parseShopConfig } from "./shop-config";

const clone = () => looseCopy(rawConfig);
const index = (raw: LooseJson, id: string): number => (raw.shops as { id: string }[]).findIndex((shop) => shop.id === id);

test("no demo shop loads a review widget or links to a review page, and each tells visitors its reviews are not checked", () => {
  for (const shop of parseShopConfig(rawConfig).shops) {
    expect(shop.reviews.widget).toBeUndefined();
    expect(shop.reviews.profileUrl).toBeUndefined();
    expect(shop.reviews.verification).toBe("none");
  }
});

test("a widget whose host the edge's script policy allows is valid", () => {
  const raw = clone();
  const de = index(raw, "DE");
  raw.edge ??= {};
  raw.edge.contentSecurityPolicy = { ...(raw.edge.contentSecurityPolicy ?? {}), script: ["https://widgets.reviews.example"] };
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
