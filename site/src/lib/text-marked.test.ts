import { shouldShowTextMarkedDialog } from "./text-marked";

const product = { title: "Landhausdiele Eiche Natur geölt 14 mm", sku: "BH-100021", ean: "4012345678901" };

describe("product text marked dialog", () => {
  test("shows for a selection inside the title, sku or EAN", () => {
    expect(shouldShowTextMarkedDialog("Eiche Natur", product, false)).toBe(true);
    expect(shouldShowTextMarkedDialog("  landhausdiele\n eiche ", product, false)).toBe(true);
    expect(shouldShowTextMarkedDialog("BH-100021", product, false)).toBe(true);
    expect(shouldShowTextMarkedDialog("4012345678901", product, false)).toBe(true);
  });

  test("only once per session", () => {
    expect(shouldShowTextMarkedDialog("Eiche Natur", product, true)).toBe(false);
  });

  test("not for other text or tiny selections", () => {
    expect(shouldShowTextMarkedDialog("Lieferzeit 3-5 Werktage", product, false)).toBe(false);
    expect(shouldShowTextMarkedDialog("Ei", product, false)).toBe(false);
    expect(shouldShowTextMarkedDialog("", { ...product, ean: null }, false)).toBe(false);
    expect(shouldShowTextMarkedDialog("40123", { ...product, ean: null }, false)).toBe(false);
  });
});
