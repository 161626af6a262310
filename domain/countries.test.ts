import { countryName, countryOptions } from "./countries";

describe("countryName", () => {
  it("names a country in the page's language, whatever the code's case", () => {
    expect(countryName("de", "de")).toBe("Deutschland");
    expect(countryName("CH", "fr")).toBe("Suisse");
    expect(countryName("at", "en")).toBe("Austria");
    expect(countryName("it", "it")).toBe("Italia");
  });

  it("answers each language in its own words when asked in turn", () => {
    expect([countryName("nl", "nl"), countryName("nl", "de"), countryName("nl", "nl")]).toEqual(["Nederland", "Niederlande", "Nederland"]);
  });

  it("gives the code itself for what is no region code", () => {
    expect(countryName("zz9", "de")).toBe("ZZ9");
    expect(countryName("<script>", "fr")).toBe("<SCRIPT>");
    expect(countryName("", "de")).toBe("");
  });
});

describe("countryOptions", () => {
  it("names the countries in the page's language, the shop's own first and the others by name", () => {
    expect(countryOptions(["de", "nl", "at", "ch"], "de")).toEqual([
      { code: "de", name: "Deutschland" },
      { code: "nl", name: "Niederlande" },
      { code: "at", name: "Österreich" },
      { code: "ch", name: "Schweiz" },
    ]);
    expect(countryOptions(["fr", "de", "ch"], "fr").map((option) => option.name)).toEqual(["France", "Allemagne", "Suisse"]);
    expect(countryOptions([], "de")).toEqual([]);
  });
});
