import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripNulBytes } from "./nul-bytes";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "nul-bytes-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const withNuls = (text: string) => Buffer.concat([Buffer.from(text.slice(0, 13)), Buffer.from([0, 0]), Buffer.from(text.slice(13))]);

test("a page the build wrote loses the NUL bytes and keeps every character whole", () => {
  mkdirSync(join(dir, "fr"));
  writeFileSync(join(dir, "fr", "page.html"), withNuls("Lieferzeit: 7–12 Werktage, 20,75 € / m²"));
  writeFileSync(join(dir, "clean.html"), "Scheuerbeständig");
  expect(stripNulBytes(dir, 0)).toBe(1);
  expect(readFileSync(join(dir, "fr", "page.html"), "utf8")).toBe("Lieferzeit: 7–12 Werktage, 20,75 € / m²");
  expect(readFileSync(join(dir, "clean.html"), "utf8")).toBe("Scheuerbeständig");
});

test("only HTML written since the build started is read; other files stay as they are", () => {
  writeFileSync(join(dir, "old.html"), withNuls("a page of an earlier build"));
  utimesSync(join(dir, "old.html"), new Date(1_000), new Date(1_000));
  writeFileSync(join(dir, "data.json"), withNuls("page data is JSON"));
  expect(stripNulBytes(dir, Date.now() - 60_000)).toBe(0);
  expect(readFileSync(join(dir, "old.html")).includes(0)).toBe(true);
  expect(readFileSync(join(dir, "data.json")).includes(0)).toBe(true);
});
