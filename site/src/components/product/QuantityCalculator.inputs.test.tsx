import { byTestId, closeBrowser, mount, typeInto, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { QuantityCalculator } from "./QuantityCalculator";
import { testProduct } from "@tests/kit/site";

/** The calculator as a shopper types into it, with the shop's own texts of the page's language. */
let language = "de";
const texts = (lang: string) => JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "..", "locales", lang, "translation.json"), "utf8")) as object;
function text(key: string, params: Record<string, unknown> = {}): string {
  const plural = "count" in params ? (params.count === 1 ? "_one" : "_other") : "";
  const node = key.split(".").reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], texts(language));
  const value =
    typeof node === "string" ? node : (key + plural).split(".").reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], texts(language));
  if (typeof value !== "string") throw new Error(`no text ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}
jest.mock("gatsby-plugin-react-i18next", () => ({ useTranslation: () => ({ t: text }) }));

afterEach(() => unmountAll());
afterAll(() => closeBrowser());

/** A variant of 2.98 m² a pack with 10 % waste allowance (the walk that found the base product's 2.2 m² on it). */
const variant = (currency: string, lang: string) => ({ ...testProduct(currency, lang), sku: "V-2", packageContent: 2.98, blendPercent: 10 });

async function calculator(currency: string, lang: string) {
  language = lang;
  const packages: number[] = [];
  const container = await mount(
    <QuantityCalculator product={variant(currency, lang)} currency={currency} language={lang} onPackagesChange={(count) => packages.push(count)} />,
  );
  const input = byTestId(container, "calculator-amount") as HTMLInputElement;
  return { container, input, packages, problem: () => byTestId(container, "calculator-problem")?.textContent ?? null };
}

test.each([
  ["EUR", "de", "2,98", "25", "10 Pakete", "= 29,8 m²"],
  ["CHF", "fr", "2,98", "25", "10 paquets", "= 29,8 m²"],
])(
  "%s %s: starts at one pack in the page's number format; 25 m² + 10 %% are packs of the variant's own content",
  async (currency, lang, start, area, count, final) => {
    const { container, input, packages } = await calculator(currency, lang);
    expect(input.value).toBe(start);
    await typeInto(input, area);
    expect(byTestId(container, "calculator-packages")?.textContent).toBe(count);
    expect(byTestId(container, "calculator-final-amount")?.textContent).toBe(final);
    expect(packages.at(-1)).toBe(10);
  },
);

test("bad amounts say what is wanted in the page's language, give no packages and leave the add-to-cart quantity as it was", async () => {
  const { container, input, packages, problem } = await calculator("EUR", "de");
  await typeInto(input, "25");
  expect(problem()).toBeNull();
  const cases: [string, string][] = [
    ["0", "Bitte geben Sie eine Menge über 0 ein."],
    ["-5", "Bitte geben Sie eine Menge über 0 ein."],
    ["-0,5", "Bitte geben Sie eine Menge über 0 ein."],
    ["abc", "Bitte geben Sie eine Zahl ein, z. B. 25 oder 25,5."],
    ["1e9", "Bitte geben Sie eine Zahl ein, z. B. 25 oder 25,5."],
    ["1000000000", "Bitte geben Sie höchstens 27.088,199 m² ein."],
  ];
  for (const [typed, message] of cases) {
    await typeInto(input, typed);
    expect([typed, problem()]).toEqual([typed, message]);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(container.textContent).not.toMatch(/NaN|Infinity|-\d+ Paket/);
    expect(byTestId(container, "calculator-packages")?.textContent).toBe("0 Pakete");
  }
  // The counts the add-to-cart takes (it ignores 0): 2 for the first pack with its allowance, 10 for 25 m²; none from a bad amount.
  expect(packages.filter((count) => count > 0)).toEqual([2, 10]);
  await typeInto(input, "");
  expect(problem()).toBeNull();
});

test("a French page words the problems in French", async () => {
  const { input, problem } = await calculator("CHF", "fr");
  await typeInto(input, "beaucoup");
  expect(problem()).toBe("Veuillez saisir un nombre, par ex. 25 ou 25,5.");
  await typeInto(input, "99999999");
  expect(problem()).toBe("Veuillez saisir au plus 27\u00a0088,199 m².");
});
