import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoCatalogueVersion, storeDemoCatalogueVersion, storedDemoCatalogueVersion } from "./demo-catalogue-version";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "demo-version-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("the version is stable for one size and differs for another", () => {
  expect(demoCatalogueVersion(60)).toBe(demoCatalogueVersion(60));
  expect(demoCatalogueVersion(60)).not.toBe(demoCatalogueVersion(61));
  expect(demoCatalogueVersion(60)).toMatch(/^[0-9a-f]{16}$/);
});

test("a state without a marker has no known version; a stored one reads back", () => {
  expect(storedDemoCatalogueVersion(dir)).toBeNull();
  storeDemoCatalogueVersion(dir, demoCatalogueVersion(60));
  expect(storedDemoCatalogueVersion(dir)).toBe(demoCatalogueVersion(60));
});
