/**
 * The inquiries' mails in every language: the texts of locales/<lang>/inquiries.json (the same
 * keys and placeholders in all six), every template rendered with no text missing, the labels
 * written in the mail's language, and the parameters refused when they do not fit.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { INQUIRY_QUESTION_IDS, INQUIRY_TYPES } from "@domain/inquiry";
import { composeMail } from "../core/mail/templates";
import { writtenAnswers, writtenQuantity } from "./mails";

const LOCALES = join(__dirname, "..", "..", "..", "locales");
const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"];

type Tree = { [key: string]: string | Tree };
const read = (language: string): Tree => JSON.parse(readFileSync(join(LOCALES, language, "inquiries.json"), "utf8")) as Tree;
const entries = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!).sort();

test("every language has the same keys with the same placeholders, and labels for every type and question", () => {
  expect(
    readdirSync(LOCALES)
      .filter((language) => readdirSync(join(LOCALES, language)).includes("inquiries.json"))
      .sort(),
  ).toEqual([...LANGUAGES].sort());
  const german = new Map(entries(read("de")));
  for (const type of INQUIRY_TYPES) expect(german.has(`types.${type}`)).toBe(true);
  for (const id of INQUIRY_QUESTION_IDS) expect(german.has(`questions.${id}`)).toBe(true);
  for (const language of LANGUAGES) {
    const texts = entries(read(language));
    expect({ language, keys: texts.map(([key]) => key).sort() }).toEqual({ language, keys: [...german.keys()].sort() });
    for (const [key, value] of texts) {
      expect({ language, key, placeholders: placeholders(value) }).toEqual({ language, key, placeholders: placeholders(german.get(key)!) });
      expect(value.trim()).not.toBe("");
    }
  }
});

const confirmation = {
  number: "Q-7K2M9P4XWB",
  type: "Produktfrage",
  name: "Erika Muster",
  product: { sku: "FLOOR-1", name: "Eiche natur" },
  quantity: "12,5 m²",
  answers: ["Ich habe dieses Produkt bereits gekauft: Nein"],
  message: "Ist die Diele für Fußbodenheizung geeignet?",
};
const notification = {
  number: "Q-7K2M9P4XWB",
  type: "Produktfrage",
  product: { sku: "FLOOR-1", name: "Eiche natur" },
  language: "Deutsch (de)",
  name: "Erika Muster",
  email: "erika@example.com",
  country: "Deutschland",
  account: "Nein",
  answers: [],
  message: "Ist die Diele für Fußbodenheizung geeignet?",
};
const reply = {
  number: "Q-7K2M9P4XWB",
  type: "Produktfrage",
  name: "Erika Muster",
  product: { sku: "FLOOR-1", name: "Eiche natur" },
  reply: "Ja, sie ist geeignet.",
  message: "Ist die Diele für Fußbodenheizung geeignet?",
};
const TEMPLATES: [string, Record<string, unknown>][] = [
  ["inquiry-confirmation", confirmation],
  ["inquiry-notification", notification],
  ["inquiry-reply", reply],
];

describe.each(LANGUAGES)("%s", (language) => {
  test.each(TEMPLATES)("%s renders with every text present", (template, params) => {
    const mail = composeMail({ shopId: "DE", language, template, params }, "production");
    expect(mail.subject).toContain("Q-7K2M9P4XWB");
    // A missing text shows up as its key.
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/inquiry-(confirmation|notification|reply)\.|layout\.|\{\{/);
    expect(mail.text).toContain("Ist die Diele für Fußbodenheizung geeignet?");
    expect(mail.from).toBe("Bodenhaus <service@bodenhaus.example>");
    expect(mail.replyTo).toBe(template === "inquiry-notification" ? "erika@example.com" : undefined);
  });
});

test("the templates refuse parameters that do not fit", () => {
  const render = (template: string, params: unknown) => () => composeMail({ shopId: "DE", language: "de", template, params }, "production");
  expect(render("inquiry-confirmation", { ...confirmation, extra: 1 })).toThrow();
  expect(render("inquiry-confirmation", { ...confirmation, message: "" })).toThrow();
  expect(render("inquiry-notification", { ...notification, email: "not an address" })).toThrow();
  expect(render("inquiry-reply", { ...reply, reply: "x".repeat(10_001) })).toThrow();
});

test("quantities with their unit and answers as the language writes them", () => {
  expect(writtenQuantity(12.5, "SQM", "de")).toBe("12,5 m²");
  expect(writtenQuantity(1234.25, "SQM", "en")).toBe("1,234.25 m²");
  expect(writtenQuantity(3, "PCS", "fr")).toBe("3 pce");
  expect(writtenQuantity(1500.5, "SQM", "fr")).toBe("1\u00a0500,5 m²");
  expect(writtenQuantity(null, "SQM", "de")).toBeUndefined();
  expect(writtenAnswers("bulk", { needsDeliveryDate: false, isBusiness: true }, "de")).toEqual([
    "Ich frage als Unternehmen an: Ja",
    "Ich benötige einen bestimmten Liefertermin: Nein",
  ]);
  expect(writtenAnswers("offer", { isBusiness: false }, "fr")).toEqual(["Je fais cette demande pour une entreprise : Non"]);
  expect(writtenAnswers("product", {}, "it")).toEqual([]);
});
