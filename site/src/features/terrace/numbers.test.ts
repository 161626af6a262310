import { formatMetres, parseMetres } from "./numbers";

test("metres are written with the page language's decimal separator, in the Swiss shop too, and read back", () => {
  expect(formatMetres(4.5, "de")).toBe("4,5");
  expect(formatMetres(4.5, "fr")).toBe("4,5");
  expect(formatMetres(4.5, "en")).toBe("4.5");
  expect(formatMetres(1234.567, "de")).toBe("1234,57");
  expect(formatMetres(12.5, "it", 1)).toBe("12,5");
  expect(formatMetres(3, "de")).toBe("3");
  expect(formatMetres(-0.001, "de")).toBe("0");
  for (const odd of [NaN, Infinity, -Infinity]) expect(formatMetres(odd, "de")).toBe("");
  for (const language of ["de", "fr", "it", "en"]) expect(parseMetres(formatMetres(1234.56, language))).toBe(1234.56);
});
