import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { createInstance, registerTexts } from "./i18next";

/**
 * The small i18next of the pages (./i18next.ts) must translate exactly like i18next with
 * the options gatsby-plugin-react-i18next uses: every key of every language and
 * namespace, with counts 0, 1, 2 and 5 and with interpolation variables; and so must an
 * instance the plugin gives no resources (the page queries no texts) once the shop data
 * file registered the language's texts (docs/decisions/0052).
 */
const LOCALES = join(__dirname, "..", "..", "..", "locales");
const OPTIONS = { interpolation: { escapeValue: false }, keySeparator: ".", nsSeparator: false as const, returnNull: false };

/** Every text of a namespace with its full key. */
function textsOf(value: unknown, prefix = ""): [string, unknown][] {
  if (value === null || typeof value !== "object") return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => textsOf(child, prefix ? `${prefix}.${key}` : key));
}

const variables = {
  price: "12,95 €",
  unit: "m²",
  percent: 20,
  min: 2,
  max: 5,
  amount: "3,5",
  name: "Eiche",
  page: 2,
  year: 2026,
  shop: "Bodenhaus",
  number: 3,
  quantity: 4,
  rating: 4.5,
};

for (const language of readdirSync(LOCALES)) {
  test(`${language}: every translation as i18next gives it`, async () => {
    const namespaces = readdirSync(join(LOCALES, language))
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.replace(/\.json$/, ""));
    const resources = { [language]: Object.fromEntries(namespaces.map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, language, `${ns}.json`), "utf8"))])) };
    // As gatsby-plugin-react-i18next: the first namespace other than "translation" is the default.
    const defaultNS = namespaces.find((ns) => ns !== "translation") ?? "translation";
    const fallbackNS = namespaces.filter((ns) => ns !== defaultNS);
    const init = { ...OPTIONS, resources, lng: language, fallbackLng: "de", defaultNS, fallbackNS, react: { useSuspense: false } };
    const real = i18next.createInstance();
    await real.init(init);
    const small = createInstance();
    small.init(init);
    registerTexts(language, { namespaces, resources: resources[language]! });
    // What gatsby-plugin-react-i18next passes when the page data has no locale nodes.
    const shared = createInstance();
    shared.init({ ...init, resources: {}, defaultNS: "translation", fallbackNS: [] });
    // Every difference is collected and compared once: one expect per call would make the run a minute long.
    const differences: unknown[] = [];
    let compared = 0;
    for (const ns of namespaces) {
      const fixedTs = [null, ns].map((fixed) => ({
        fixed,
        real: real.getFixedT(null, fixed),
        small: small.getFixedT(null, fixed),
        shared: shared.getFixedT(null, fixed),
      }));
      for (const [fullKey, text] of textsOf(resources[language]![ns])) {
        const key = fullKey.replace(/_(zero|one|two|few|many|other)$/, "");
        // Counts only choose among a key's plural forms and fill {{count}}: the other keys are compared without them.
        const counted = key !== fullKey || String(text).includes("count");
        for (const options of counted ? [undefined, {}, variables, ...[0, 1, 2, 5].map((count) => ({ ...variables, count }))] : [undefined, {}, variables]) {
          for (const t of fixedTs) {
            const expected: unknown = t.real(key, options as never);
            const fromSmall = t.small(key, options);
            const fromShared = t.shared(key, options);
            if (fromSmall !== expected || fromShared !== expected) differences.push({ key, fixed: t.fixed, options, expected, fromSmall, fromShared });
            compared += 1;
          }
        }
      }
    }
    expect(differences).toEqual([]);
    expect(small.t("no.such.key")).toBe(real.t("no.such.key"));
    expect(shared.t("no.such.key")).toBe(real.t("no.such.key"));
    expect(compared).toBeGreaterThan(100);
  });
}

test("texts registered again are read anew, and each key separator finds its own text in the same translations", () => {
  const shared = createInstance();
  shared.init({ ...OPTIONS, resources: {}, lng: "xx", fallbackLng: "xx" });
  registerTexts("xx", { namespaces: ["translation"], resources: { translation: { cart: { title: "Warenkorb" }, "cart.title": "flach" } } });
  expect(shared.t("cart.title")).toBe("Warenkorb");
  expect(shared.t("cart.title")).toBe("Warenkorb");
  registerTexts("xx", { namespaces: ["translation"], resources: { translation: { cart: { title: "Ihr Warenkorb" } } } });
  expect(shared.t("cart.title")).toBe("Ihr Warenkorb");

  const translation = { cart: { title: "Warenkorb" }, "cart.title": "flach" };
  const nested = createInstance();
  nested.init({ ...OPTIONS, resources: { xx: { translation } }, lng: "xx" });
  const flat = createInstance();
  flat.init({ ...OPTIONS, keySeparator: false, resources: { xx: { translation } }, lng: "xx" });
  expect(nested.t("cart.title")).toBe("Warenkorb");
  expect(flat.t("cart.title")).toBe("flach");
  expect(nested.t("cart.title")).toBe("Warenkorb");
});
