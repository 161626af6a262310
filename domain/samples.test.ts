import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SAMPLE_LONG_DELIVERY_WEEKS } from "./samples";

const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"];
const text = (language: string, file: string, section: string, key: string): string =>
  (JSON.parse(readFileSync(join(__dirname, "..", "locales", language, `${file}.json`), "utf8")) as Record<string, Record<string, string>>)[section]![key]!;

test("a long-delivery sample takes 2 to 3 weeks", () => {
  expect(SAMPLE_LONG_DELIVERY_WEEKS).toEqual({ from: 2, to: 3 });
});

test.each(LANGUAGES)("%s: the product page, the sample cart and the mail take the weeks from one place", (language) => {
  const stated = [
    text(language, "translation", "product", "sampleLongDelivery"),
    text(language, "commerce", "samples", "itemLongDelivery"),
    text(language, "commerce", "samples", "longDeliveryNote"),
    text(language, "mail", "sample-order-confirmation", "itemLongDelivery"),
    text(language, "mail", "sample-order-confirmation", "longDelivery"),
  ];
  for (const each of stated) {
    expect(each).toEqual(expect.stringContaining("{{from}}"));
    expect(each).toEqual(expect.stringContaining("{{to}}"));
    // No number of weeks written into the text itself.
    expect(each.replace(/\{\{\w+\}\}/g, "")).not.toMatch(/\d/);
  }
});
