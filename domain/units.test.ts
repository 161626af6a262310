import { FALLBACK_UNIT, isUnitCode, knownUnit, UNIT_CODES } from "./units";

describe("unit codes", () => {
  test("the 24 codes, each once", () => {
    expect(UNIT_CODES).toHaveLength(24);
    expect(new Set(UNIT_CODES).size).toBe(24);
    expect(UNIT_CODES).toContain(FALLBACK_UNIT);
  });

  test("known codes stand for themselves, anything else for the fallback unit", () => {
    expect(knownUnit("SQM")).toBe("SQM");
    expect(isUnitCode("PCS")).toBe(true);
    for (const code of ["NOPE", "", "sqm", "constructor", "__proto__", "toString"]) {
      expect(isUnitCode(code)).toBe(false);
      expect(knownUnit(code)).toBe(FALLBACK_UNIT);
    }
  });
});
