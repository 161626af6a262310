import { containsUrl } from "./contains-url";
import { NEWSLETTER_CODES, newsletterEmailKey, newsletterFormSchema, type NewsletterTexts } from "./newsletter";
import { newsletterConfirmPath, newsletterUnsubscribePath, voucherThanksPath } from "./routes";

const TEXTS: NewsletterTexts = {
  required: "required",
  email: "email",
  characters: "characters",
  nameTooLong: "nameTooLong",
  nameContainsUrl: "nameContainsUrl",
};
const schema = newsletterFormSchema(TEXTS);

describe("the normalised e-mail the voucher is counted by", () => {
  test.each([
    ["Erika@Example.com", "erika@example.com"],
    ["  erika@example.com ", "erika@example.com"],
    ["Max.Muster@gmail.com", "maxmuster@gmail.com"],
    ["m.a.x.muster+newsletter@gmail.com", "maxmuster@gmail.com"],
    ["MAXMUSTER+a+b@GMAIL.COM", "maxmuster@gmail.com"],
    ["max.muster@googlemail.com", "maxmuster@gmail.com"],
    // Dots and +tags count elsewhere: other providers may treat them as other mailboxes.
    ["max.muster+x@example.com", "max.muster+x@example.com"],
    ["max.muster@gmail.com.example", "max.muster@gmail.com.example"],
  ])("%s -> %s", (typed, key) => {
    expect(newsletterEmailKey(typed)).toBe(key);
  });
});

describe("names with links are refused", () => {
  test.each([
    "https://spam.example",
    "Erika http://x.y",
    "hxxp://bad",
    "www.example.org",
    "Visit WWW.SHOP.XYZ now",
    "cheap-floors.com",
    "bit.ly",
    "t.me/joinus",
    "Erika (example.de)",
    "Win big at casino.online!",
    "example\uff0ecom",
    "sub.domain.co",
  ])("%s", (name) => {
    expect(containsUrl(name)).toBe(true);
    const result = schema.safeParse({ name, email: "erika@example.com" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["name"], message: "nameContainsUrl", params: { code: NEWSLETTER_CODES.nameContainsUrl } }),
    ]);
  });

  test.each(["Erika Muster", "J.R. Smith", "Dr.Müller", "Dr. De Vries", "G.De Luca", "Anna-Lena O'Neill", "Jean-Luc d'Arc", "Zoë Ça", "李小龙", "María José"])(
    "%s is a name",
    (name) => {
      expect(containsUrl(name)).toBe(false);
      expect(schema.parse({ name, email: "erika@example.com" })).toEqual({ name, email: "erika@example.com" });
    },
  );

  test("a long hostile input is judged quickly", () => {
    const started = Date.now();
    containsUrl(`${"a.".repeat(30_000)}!`);
    containsUrl("a-".repeat(30_000));
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe("the form", () => {
  test("name 1..80 characters, trimmed; e-mail in its format", () => {
    expect(schema.parse({ name: "  Erika  ", email: " erika@example.com " })).toEqual({ name: "Erika", email: "erika@example.com" });
    const messages = (input: unknown) => (schema.safeParse(input).error?.issues ?? []).map((issue) => `${issue.path.join(".")}:${issue.message}`);
    expect(messages({ name: "", email: "erika@example.com" })).toEqual(["name:required"]);
    expect(messages({ name: "x".repeat(81), email: "erika@example.com" })).toEqual(["name:nameTooLong"]);
    expect(messages({ name: "x".repeat(80), email: "erika@example.com" })).toEqual([]);
    expect(messages({ name: "Erika", email: "erika" })).toEqual(["email:email"]);
    expect(messages({ name: "Erika<script>", email: "erika@example.com" })).toEqual(["name:characters"]);
    expect(messages({ name: "Erika\u202e", email: "erika@example.com" })).toEqual(["name:characters"]);
    expect(messages({ email: "erika@example.com" })).toEqual(["name:required"]);
    expect(messages({ name: 42, email: "erika@example.com" })).toEqual(["name:required"]);
    expect(messages({ name: "Erika", email: "erika@example.com", admin: true })).toEqual([":Unrecognized key(s) in object: 'admin'"]);
  });
});

test("the pages of the sign-up, per shop language", () => {
  const de = { domainPrefixes: [] };
  const ch = { domainPrefixes: ["de", "fr", "it"] };
  expect(newsletterConfirmPath(de, "de")).toBe("/newsletter/confirm/");
  expect(newsletterUnsubscribePath(de, "de")).toBe("/newsletter/unsubscribe/");
  expect(newsletterConfirmPath(ch, "fr")).toBe("/fr/newsletter/confirm/");
  expect(newsletterUnsubscribePath(ch, "it")).toBe("/it/newsletter/unsubscribe/");
  expect(voucherThanksPath(de, "de")).toBe("/gutschein-danke.html");
  expect(voucherThanksPath(de, "at")).toBe("/gutschein-danke.html");
  expect(voucherThanksPath(de, "it")).toBe("/buono-grazie.html");
  expect(voucherThanksPath(de, "nl")).toBe("/tegoedbon-bedankt.html");
  expect(voucherThanksPath(de, "en")).toBe("/voucher-thank-you.html");
  expect(voucherThanksPath(ch, "fr")).toBe("/fr/bon-dachat-merci.html");
});
