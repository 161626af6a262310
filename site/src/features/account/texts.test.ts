import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_FORM_CODES } from "@domain/account-forms";
import { ACCOUNT_SCREENS } from "@domain/account";
import { FORM_TEXT_KEYS } from "./form-texts";

/**
 * Every text the account screens ask for is there in all six languages: the keys written in
 * the code, the form texts of the shared schemas, a word for each refusal code of the forms,
 * each state and mode, and a page title per screen.
 */
const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"];
const LOCALES = join(__dirname, "..", "..", "..", "..", "locales");
const texts = Object.fromEntries(LANGUAGES.map((language) => [language, JSON.parse(readFileSync(join(LOCALES, language, "account.json"), "utf8")) as object]));

function has(language: string, key: string): boolean {
  const lookup = (path: string) =>
    path.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), texts[language]);
  return typeof lookup(key) === "string" || (typeof lookup(`${key}_one`) === "string" && typeof lookup(`${key}_other`) === "string");
}

const SOURCES = readdirSync(__dirname).filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."));
const written = [
  ...new Set(
    SOURCES.flatMap((file) => [...readFileSync(join(__dirname, file), "utf8").matchAll(/\bt\(\s*"(account\.[A-Za-z0-9_.]+)"/g)].map((match) => match[1]!)),
  ),
];

const expected = [
  ...written,
  "account.projectMenu.button",
  ...FORM_TEXT_KEYS.map((key) => `account.form.${key}`),
  ...Object.values(ACCOUNT_FORM_CODES).map((code) => `account.errors.${code}`),
  ...["required", "invalid", "missing", "invalid_characters", "invalid_credentials", "not_signed_in", "rate_limited", "captcha_failed", "general"].map(
    (code) => `account.errors.${code}`,
  ),
  ...["orders", "offers", "projects"].map((section) => `account.nav.${section}`),
  ...["placed", "confirmed", "shipped", "delivered", "cancelled"].map((state) => `account.states.${state}`),
  ...["standard", "requested_date", "on_call_storage", "express"].map((mode) => `account.modes.${mode}`),
  ...["prepayment", "invoice", "cash_on_delivery"].map((method) => `account.payments.${method}`),
  ...["stored", "called_off", "delivered", "cancelled"].map((state) => `account.storageStates.${state}`),
  ...["requested", "replaced", "shipped", "cancelled"].map((state) => `account.callOffStates.${state}`),
  ...[...ACCOUNT_SCREENS, "Projects"].map((screen) => `accountTitles.${screen}`),
];

test("the code asks for texts (the scan finds them)", () => {
  expect(written.length).toBeGreaterThan(100);
});

test.each(LANGUAGES)("%s has every text of the account", (language) => {
  expect(expected.filter((key) => !has(language, key))).toEqual([]);
});

test.each(LANGUAGES)("%s: the consent text links the privacy page", (language) => {
  const consent = (texts[language] as { account: { register: { consent: string } } }).account.register.consent;
  expect(consent).toMatch(/<privacy>[^<]+<\/privacy>/);
});
