import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { testProduct } from "../../lib/test-product";
import { attributeValue, TechnicalData } from "./TechnicalData";

jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("../../../../tests/support/page-translations")>("../../../../tests/support/page-translations").pageTranslations("fr"),
);

test("a boolean attribute shows yes or no in the page's language, never a raw true or false", () => {
  const product = testProduct("EUR", "fr");
  product.content.attributes = [
    { code: "underfloor_heating", label: "Chauffage par le sol", type: "boolean", value: "true", isVisible: true },
    { code: "water_resistant", label: "Résistant à l'eau", type: "boolean", value: "false", isVisible: true },
    { code: "note", label: "Remarque", type: "text", value: "true", isVisible: true },
  ];
  const html = renderToStaticMarkup(<TechnicalData product={product} />);
  expect(html).toContain('<th scope="row">Chauffage par le sol</th><td>Oui</td>');
  expect(html).toContain('<th scope="row">Résistant à l&#x27;eau</th><td>Non</td>');
  // A text that happens to read "true" stays as it is.
  expect(html).toContain('<th scope="row">Remarque</th><td>true</td>');
});

test("the mapping: booleans only, by the two values the import allows", () => {
  const t = (key: string) => key;
  expect(attributeValue({ type: "boolean", value: "true" }, t)).toBe("product.yes");
  expect(attributeValue({ type: "boolean", value: "false" }, t)).toBe("product.no");
  expect(attributeValue({ type: "number", value: "14" }, t)).toBe("14");
});
