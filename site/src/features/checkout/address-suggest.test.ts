import { ADDRESS_PATHS, findText, moveActive } from "./address-suggest";

test("a find needs at least 3 characters, at most 100, and a country", () => {
  expect(findText("Ha", "de")).toBeNull();
  expect(findText("  Hau ", "de")).toBe("Hau");
  expect(findText("Hauptstr", "")).toBeNull();
  expect(findText("Hauptstr", "DEU")).toBeNull();
  expect(findText("a".repeat(101), "de")).toBeNull();
  expect(findText("Zoe\u0308", "de")).toBe("Zoë");
});

test("the paths: text, country and an opened container; the id of a retrieve", () => {
  expect(ADDRESS_PATHS.find("Hauptstr 5", "de")).toBe("/apiv2/address/find?text=Hauptstr+5&country=de");
  expect(ADDRESS_PATHS.find("Hauptstr", "de", "DE|TT|B|2")).toBe("/apiv2/address/find?text=Hauptstr&country=de&container=DE%7CTT%7CB%7C2");
  expect(ADDRESS_PATHS.retrieve("DE|1&x=1")).toBe("/apiv2/address/retrieve?id=DE%7C1%26x%3D1");
});

test("the arrows move through the suggestions and wrap", () => {
  expect(moveActive(-1, "ArrowDown", 3)).toBe(0);
  expect(moveActive(2, "ArrowDown", 3)).toBe(0);
  expect(moveActive(0, "ArrowUp", 3)).toBe(2);
  expect(moveActive(-1, "ArrowUp", 3)).toBe(2);
  expect(moveActive(1, "Home", 3)).toBe(0);
  expect(moveActive(0, "End", 3)).toBe(2);
  expect(moveActive(1, "a", 3)).toBe(1);
  expect(moveActive(1, "ArrowDown", 0)).toBe(-1);
});
