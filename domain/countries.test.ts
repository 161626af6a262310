import { countryName } from "./countries";

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
