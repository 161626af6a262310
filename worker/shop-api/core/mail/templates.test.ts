import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { composeMail, type MailParams } from "./templates";

const HOSTILE = `<script>alert("x")</script>`;

const params = (extra: Partial<MailParams<"sample-order-confirmation">> = {}): MailParams<"sample-order-confirmation"> => ({
  referenceCode: "SABC123",
  address: { firstname: HOSTILE, lastname: "O'Brien & Söhne", street: "Hauptstraße 5", zip: "10115", city: "Berlin", country: "Deutschland" },
  items: [
    { sku: "OAK-1", name: "Eiche <b>natur</b>", longDelivery: false },
    { sku: "VINYL-2", name: "Vinyl Grau", longDelivery: false },
  ],
  ...extra,
});

const compose = (language: string, extra?: Partial<MailParams<"sample-order-confirmation">>, shopId = "DE") =>
  composeMail({ shopId, language, template: "sample-order-confirmation", params: params(extra) }, "development");

test("the sample order confirmation: subject, samples with names and SKUs, address, free shipping, processing", () => {
  const mail = compose("de");
  expect(mail.from).toBe("Bodenhaus <service@bodenhaus.example>");
  expect(mail.subject).toBe("Ihre Musterbestellung SABC123 bei Bodenhaus Deutschland");
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain("Vielen Dank für Ihre Musterbestellung");
    expect(part).toContain("Art.-Nr. OAK-1");
    expect(part).toContain("Art.-Nr. VINYL-2");
    expect(part).toContain("Hauptstraße 5");
    expect(part).toContain("10115 Berlin");
    expect(part).toContain("Die Muster und der Versand sind für Sie kostenlos.");
    expect(part).toContain("nach einer Stunde automatisch bearbeitet");
    expect(part).not.toContain("2–3 Wochen");
  }
  expect(mail.text).toContain("- Eiche <b>natur</b> – Art.-Nr. OAK-1");
});

test("every interpolated value is HTML-escaped in the HTML part and kept as it is in the plain text", () => {
  const mail = compose("de");
  expect(mail.html).not.toContain("<script>");
  expect(mail.html).not.toContain("<b>natur");
  expect(mail.html).toContain("Hallo &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Söhne,");
  expect(mail.html).toContain("Eiche &lt;b&gt;natur&lt;/b&gt;");
  expect(mail.text).toContain(`Hallo ${HOSTILE} O'Brien & Söhne,`);
});

test("a hostile reference code cannot break the subject into two header lines", () => {
  const mail = compose("de", { referenceCode: "S1\r\nBcc: victim@example.com" });
  expect(mail.subject).not.toMatch(/[\r\n]/);
});

test("the shop-branded layout: shop name, footer with the shop's home in the sender's environment", () => {
  const mail = compose("de");
  expect(mail.html).toContain(">Bodenhaus Deutschland</td>");
  expect(mail.html).toContain('<a href="http://de.localhost:8787/"');
  expect(mail.text).toContain("Bodenhaus Deutschland · http://de.localhost:8787/");
  const production = composeMail({ shopId: "DE", language: "de", template: "sample-order-confirmation", params: params() }, "production");
  expect(production.text).toContain("https://www.bodenhaus.example/");
  // a shop with language prefixes links to the mail's language
  const swiss = compose("fr", undefined, "CH");
  expect(swiss.from).toBe("Bodenhaus <service@bodenhaus.example.ch>");
  expect(swiss.subject).toBe("Votre commande d'échantillons SABC123 chez Bodenhaus Schweiz");
  expect(swiss.text).toContain("http://ch.localhost:8787/fr/");
  expect(swiss.html).toContain('<html lang="fr">');
});

test("samples with a long delivery time say 2-3 weeks", () => {
  const mail = compose("en", { items: [{ sku: "OAK-1", name: "Oak", longDelivery: true }] });
  expect(mail.text).toContain("Oak – item no. OAK-1 (delivery time 2–3 weeks)");
  expect(mail.text).toContain("some samples have a delivery time of 2–3 weeks");
});

test("the six languages: each renders its own texts, none falls back to a key", () => {
  const subjects = new Set<string>();
  for (const language of ["de", "at", "en", "fr", "it", "nl"]) {
    const mail = compose(language);
    expect(mail.text).not.toMatch(/sample-order-confirmation\.|layout\./);
    subjects.add(mail.subject);
  }
  expect(subjects.size).toBe(5); // Austrian German shares the German subject
});

test("every language has every mail text of German", () => {
  const keys = (tree: Record<string, unknown>, prefix = ""): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string" ? [`${prefix}${key}`] : keys(value as Record<string, unknown>, `${prefix}${key}.`),
    );
  const locales = join(__dirname, "..", "..", "..", "..", "locales");
  const read = (language: string) => keys(JSON.parse(readFileSync(join(locales, language, "mail.json"), "utf8")) as Record<string, unknown>).sort();
  const german = read("de");
  for (const language of readdirSync(locales)) expect({ language, keys: read(language) }).toEqual({ language, keys: german });
});

test("unknown shops, unknown templates and parameters that do not fit are refused", () => {
  expect(() => composeMail({ shopId: "XX", language: "de", template: "sample-order-confirmation", params: params() }, "production")).toThrow("unknown shop");
  expect(() => composeMail({ shopId: "DE", language: "de", template: "toString", params: {} }, "production")).toThrow("unknown mail template");
  expect(() =>
    composeMail({ shopId: "DE", language: "de", template: "sample-order-confirmation", params: { ...params(), items: [] } }, "production"),
  ).toThrow();
  expect(() => composeMail({ shopId: "DE", language: "de", template: "sample-order-confirmation", params: { ...params(), extra: 1 } }, "production")).toThrow();
});
