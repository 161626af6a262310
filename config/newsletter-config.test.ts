/**
 * The shop config's `newsletter`: local (D1 only) in every demo shop; a Kit
 * hand-over names a list (API key secret, form id) for every language of the shop.
 */
import rawConfig from "./shops.json";
import { configProblems } from "@tests/kit/config-problems";
import { looseCopy, type LooseJson } from "@tests/kit/loose-json";
import { parseShopConfig } from "./shop-config";

const clone = () => looseCopy(rawConfig);
const index = (raw: LooseJson, id: string): number => (raw.shops as { id: string }[]).findIndex((shop) => shop.id === id);

test("every demo shop keeps its subscribers locally, so nothing leaves the machine", () => {
  for (const shop of parseShopConfig(rawConfig).shops) expect(shop.newsletter).toEqual({ provider: "local", lists: {} });
});

test("a shop without the setting is local", () => {
  const raw = clone();
  delete raw.shops[0]!.newsletter;
  expect(parseShopConfig(raw).shops[0]!.newsletter).toEqual({ provider: "local", lists: {} });
});

test("a Kit hand-over with a list for each of the shop's languages is valid", () => {
  const raw = clone();
  const ch = index(raw, "CH");
  raw.shops[ch]!.newsletter = {
    provider: "kit",
    lists: {
      de: { apiKeySecret: "KIT_KEY_CH_DE", formId: "1234567" },
      fr: { apiKeySecret: "KIT_KEY_CH_FR", formId: "1234568" },
      it: { apiKeySecret: "KIT_KEY_CH_IT", formId: "1234569" },
    },
  };
  expect(configProblems(raw)).toEqual([]);
  expect(parseShopConfig(raw).shops[ch]!.newsletter.lists.fr).toEqual({ apiKeySecret: "KIT_KEY_CH_FR", formId: "1234568" });
});

test.each<[string, (raw: LooseJson, ch: number) => void, string]>([
  ["an unknown provider", (raw, ch) => (raw.shops[ch]!.newsletter = { provider: "mailchimp" }), "newsletter.provider"],
  [
    "Kit without a list for one of the shop's languages",
    (raw, ch) => (raw.shops[ch]!.newsletter = { provider: "kit", lists: { de: { apiKeySecret: "KIT_KEY", formId: "1" } } }),
    "newsletter.lists",
  ],
  [
    "a list for a language the shop does not have",
    (raw, ch) => (raw.shops[ch]!.newsletter = { provider: "local", lists: { nl: { apiKeySecret: "KIT_KEY", formId: "1" } } }),
    "newsletter.lists.nl",
  ],
  [
    "the key itself instead of the secret's name",
    (raw, ch) => (raw.shops[ch]!.newsletter = { provider: "local", lists: { de: { apiKeySecret: "kit_live_4f9a8b7c", formId: "1" } } }),
    "newsletter.lists.de.apiKeySecret",
  ],
  [
    "a form id that is no number",
    (raw, ch) => (raw.shops[ch]!.newsletter = { provider: "local", lists: { de: { apiKeySecret: "KIT_KEY", formId: "../subscribers" } } }),
    "newsletter.lists.de.formId",
  ],
  [
    "an unknown list key",
    (raw, ch) => (raw.shops[ch]!.newsletter = { provider: "local", lists: { de: { apiKeySecret: "KIT_KEY", formId: "1", tag: "x" } } }),
    "newsletter.lists.de",
  ],
  ["an unknown newsletter key", (raw, ch) => (raw.shops[ch]!.newsletter = { provider: "local", voucher: 20 }), "newsletter"],
])("%s is refused, naming the field", (_name, breakIt, field) => {
  const raw = clone();
  const ch = index(raw, "CH");
  breakIt(raw, ch);
  expect(configProblems(raw).some((problem) => problem.startsWith(`shops[${ch}].${field}:`))).toBe(true);
});

test("the sign-up limits per address and per client are configured", () => {
  const { exact } = parseShopConfig(rawConfig).rateLimits;
  expect(exact.newsletterSignup).toEqual({ limit: 5, windowSeconds: 3600 });
  expect(exact.newsletterSignupIp).toEqual({ limit: 20, windowSeconds: 3600 });
});
