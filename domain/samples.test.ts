import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SAMPLE_LONG_DELIVERY_WEEKS } from "./samples";

const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"];
const texts = (language: string, file: string) =>
  JSON.parse(readFileSync(join(__dirname, "..", "locales", language, `${file}.json`), "utf8")) as Record<string, Record<string, Record<string, string>>>;

test("a long-delivery sample takes 2 to 3 weeks", () => {
  expect(SAMPLE_LONG_DELIVERY_WEEKS).toEqual({ from: 2, to: 3 });
});

test.each(LANGUAGES)("%s: the product page, the sample cart and the mail take the weeks from one place", (language) => {
  const stated = [
    texts(language, "translation").product!.sampleLongDelivery,
    texts(language, "commerce").samples!.itemLongDelivery,
    texts(language, "commerce").samples!.longDeliveryNote,
    texts(language, "mail")["sample-order-confirmation"]!.itemLongDelivery,
    texts(language, "mail")["sample-order-confirmation"]!.longDelivery,
  ];
  for (const text of stated) {
    expect(text).toEqual(expect.stringContaining("{{from}}"));
    expect(text).toEqual(expect.stringContaining("{{to}}"));
    // No number of weeks written into the text itself.
    expect(text!.replace(/\{\{\w+\}\}/g, "")).not.toMatch(/\d/);
  }
});
