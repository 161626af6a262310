import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { testProduct } from "@tests/kit/site";
import { attributeValue, TechnicalData } from "./TechnicalData";

jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("fr"),
);

test("a boolean attribute shows yes or no in the page's language, never a raw true or false", () => {
  const product = testProduct("EUR", "fr");
  product.content.attributes = [
    { code: "underfloor_heating", label: "Chauffage par le sol", type: "boolean", value: "true", isVisible: true },
    { code: "water_resistant", label: "Résistant à l'eau", type: "boolean", value: "false", isVisible: true },
    { code: "note", label: "Remarque", type: "text", value: "true", isVisible: true },
  ];
  const html = renderToStaticMarkup(<TechnicalData product={product} language="fr" />);
  expect(html).toContain('<th scope="row">Chauffage par le sol</th><td>Oui</td>');
  expect(html).toContain('<th scope="row">Résistant à l&#x27;eau</th><td>Non</td>');
  // A text that happens to read "true" stays as it is.
  expect(html).toContain('<th scope="row">Remarque</th><td>true</td>');
});

test("the mapping: booleans only, by the two values the import allows", () => {
  const t = (key: string) => key;
  expect(attributeValue({ type: "boolean", value: "true" }, t, "de")).toBe("product.yes");
  expect(attributeValue({ type: "boolean", value: "false" }, t, "de")).toBe("product.no");
  expect(attributeValue({ type: "number", value: "14" }, t, "de")).toBe("14");
});

test("a number is written as the page's language writes numbers; a value that is no number stays as it is", () => {
  const t = (key: string) => key;
  expect(attributeValue({ type: "number", value: "37.7" }, t, "de")).toBe("37,7");
  expect(attributeValue({ type: "number", value: "2.2" }, t, "fr")).toBe("2,2");
  expect(attributeValue({ type: "number", value: "2.2" }, t, "en")).toBe("2.2");
  expect(attributeValue({ type: "number", value: "1200" }, t, "de")).toBe("1.200");
  for (const odd of ["", "abc", "1e3", "1.2.3", "NaN", "Infinity", " 5"]) expect(attributeValue({ type: "number", value: odd }, t, "de")).toBe(odd);
});
