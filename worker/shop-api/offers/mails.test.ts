/**
 * The offer mail as it renders in each of the six languages (texts from locales/<lang>/offers.json):
 * every language has every text of German with the same placeholders, no text falls back to its
 * key, every placeholder is filled, the lines, total, validity and note are in it, the link when
 * it was signed, and the account's offers when it could not be.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { composeMail } from "../core/mail/templates";
import { newOfferId } from "./ids";

const LANGUAGES = [
  ["DE", "de"],
  ["AT", "at"],
  ["COM", "en"],
  ["FR", "fr"],
  ["IT", "it"],
  ["NL", "nl"],
] as const;

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
const texts = (language: string) => new Map(flatten(JSON.parse(readFileSync(join(__dirname, "../../../locales", language, "offers.json"), "utf8")) as Tree));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const params = {
  offerId: "O-7K3M9Q2XAB",
  inquiryId: "Q-4H8N2P6R0T",
  name: "Erika Muster",
  productName: "Eiche Landhausdiele",
  lines: [
    { sku: "FLOOR-1", name: "Eiche Landhausdiele", quantity: 30, packagePrice: "24,50 €", rowTotal: "735,00 €" },
    { sku: "GLUE-2", name: "Parkettkleber", quantity: 2, packagePrice: "15,00 €", rowTotal: "30,00 €" },
  ],
  total: "765,00 €",
  validUntil: "30.11.2026",
  message: "Gern auch mit Verlegung.\nRufen Sie uns an.",
  revised: false,
  offerLink: true as const,
};

test.each(LANGUAGES.filter(([, language]) => language !== "de"))("%s: %s has every text of German with its placeholders, and no other", (_shop, language) => {
  const german = texts("de");
  const other = texts(language);
  expect([...other.keys()].sort()).toEqual([...german.keys()].sort());
  for (const [key, text] of german) expect([key, placeholders(other.get(key)!)]).toEqual([key, placeholders(text)]);
});

describe.each(LANGUAGES)("%s in %s", (shopId, language) => {
  const link = `https://example.test/offer/?id=${params.offerId}&sig=AAAAAAAAAAAAAAAAAAAAAA`;
  const render = (extra: Record<string, unknown> = {}, signed: { offer?: string } = { offer: link }) =>
    composeMail({ shopId, language, template: "offer", params: { ...params, ...extra } }, "development", { signed });

  test("the offer with its lines, total, validity, note and link", () => {
    const mail = render();
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain("{{");
      expect(part).not.toMatch(/\boffer\.[a-zA-Z]+\b/);
      expect(part).not.toMatch(/\blayout\.offer\b/);
    }
    expect(mail.subject).toContain(params.offerId);
    expect(mail.text).toContain("Erika Muster");
    expect(mail.text).toContain(params.inquiryId);
    expect(mail.text).toContain("30 × Eiche Landhausdiele");
    expect(mail.text).toContain("735,00 €");
    expect(mail.text).toContain("765,00 €");
    expect(mail.text).toContain("30.11.2026");
    expect(mail.text).toContain("Rufen Sie uns an.");
    expect(mail.text).toContain(link);
  });

  test("a revised offer says so; without a signed link the mail points to the account", () => {
    expect(render({ revised: true }).subject).not.toBe(render().subject);
    const unsigned = render({ message: "" }, {});
    expect(unsigned.text).not.toContain("/offer/?");
    expect(unsigned.text).not.toContain("Rufen Sie uns an.");
    expect(unsigned.text).not.toMatch(/\boffer\.[a-zA-Z]+\b/);
  });

  test("the staff's view hides the link", () => {
    const mail = composeMail({ shopId, language, template: "offer", params }, "development", { signed: { offer: link }, redactSecrets: true });
    expect(mail.text).not.toContain("sig=");
    expect(mail.text).toContain("/offer/?[link hidden]");
  });
});

test("a mail without the link flag or with a malformed offer id is refused", () => {
  expect(() => composeMail({ shopId: "DE", language: "de", template: "offer", params: { ...params, offerLink: false } }, "development")).toThrow();
  expect(() => composeMail({ shopId: "DE", language: "de", template: "offer", params: { ...params, offerId: "O-1" } }, "development")).toThrow();
});

test("offer ids: O- and 10 characters of Crockford's base32 from 50 random bits", () => {
  expect(newOfferId((bytes) => bytes.fill(0))).toBe("O-0000000000");
  expect(newOfferId((bytes) => bytes.fill(255))).toBe("O-ZZZZZZZZZZ");
  const ids = new Set(Array.from({ length: 1000 }, () => newOfferId()));
  expect(ids.size).toBe(1000);
  for (const id of ids) expect(id).toMatch(/^O-[0-9A-HJKMNP-TV-Z]{10}$/);
});
