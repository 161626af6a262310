import deServer from "@locales/de/server.json";
import { FALLBACK_UNIT, UNIT_CODES } from "@domain/units";
import { taxLabel, unitLabel } from "./labels";

const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"];

describe("tax label", () => {
  test("per language, with the language's decimal separator", () => {
    expect(taxLabel(19, "de")).toBe("inkl. 19% MwSt.");
    expect(taxLabel(8.1, "de")).toBe("inkl. 8,1% MwSt.");
    expect(taxLabel(21, "nl")).toBe("incl. 21% btw");
    expect(taxLabel(19, "en")).toBe("incl. 19% VAT");
    expect(taxLabel(20, "at")).toBe("inkl. 20% MwSt.");
    expect(taxLabel(8.1, "fr")).toBe("TVA 8,1% incluse");
    expect(taxLabel(22, "it")).toBe("IVA 22% inclusa");
    expect(taxLabel(19, "xx")).toBe("inkl. 19% MwSt.");
  });
});

describe("units", () => {
  test("every measurement unit has a label in every language", () => {
    for (const code of UNIT_CODES) {
      for (const language of LANGUAGES) {
        expect(unitLabel(code, language)).toBeTruthy();
        expect(unitLabel(code, language)).not.toBe(`units.${code}`);
      }
    }
    expect(Object.keys(deServer.units).sort()).toEqual([...UNIT_CODES].sort());
  });

  test("short labels and fallback", () => {
    expect(["KG", "LBS", "G", "MG", "L", "ML", "M", "SQM", "IN", "CI", "MM", "LFM", "PCS"].map((c) => unitLabel(c, "en"))).toEqual([
      "kg",
      "lbs",
      "g",
      "mg",
      "l",
      "ml",
      "m",
      "m²",
      "in",
      "cm",
      "mm",
      "lfm",
      "pcs",
    ]);
    expect(["de", "at", "fr", "it", "nl"].map((l) => unitLabel("PCS", l))).toEqual(["Stk.", "Stk.", "pce", "pz", "st"]);
    expect(unitLabel("NOPE", "fr")).toBe(unitLabel(FALLBACK_UNIT, "fr"));
    expect(unitLabel("NOPE", "fr")).toBe("tube");
    expect(unitLabel("SQM", "xx")).toBe("m²");
  });

  test("running metre never reads as millilitres", () => {
    expect(["fr", "it", "nl"].map((l) => unitLabel("LFM", l))).toEqual(["m lin.", "m lin.", "str. m"]);
  });

  test("hostile codes get the fallback label, never a text of another section", () => {
    for (const code of ["", "..", "__proto__", "constructor", "KG.x", "../tax.included"]) expect(unitLabel(code, "de")).toBe("Tube");
  });
});
