import { productVersions, syncContinues } from "./source-nodes";

describe("syncContinues: when a build may source only the imports after the one it read last", () => {
  const history = "2026-11-01T08:00:00.000Z";

  it("continues the same history, with or without newer imports", () => {
    expect(syncContinues({ lastImport: 7, historyStart: history }, { lastImport: 7, historyStart: history })).toBe(true);
    expect(syncContinues({ lastImport: 7, historyStart: history }, { lastImport: 9, historyStart: history })).toBe(true);
  });

  it("sources everything without a version read before (first build, or a cache of the time-based sync)", () => {
    expect(syncContinues(undefined, { lastImport: 3, historyStart: history })).toBe(false);
  });

  it("sources everything when the catalogue was replaced: another history, or one that went backwards", () => {
    expect(syncContinues({ lastImport: 7, historyStart: history }, { lastImport: 9, historyStart: "2026-11-25T01:00:00.000Z" })).toBe(false);
    expect(syncContinues({ lastImport: 7, historyStart: history }, { lastImport: 2, historyStart: history })).toBe(false);
    expect(syncContinues({ lastImport: 7, historyStart: history }, { lastImport: 0, historyStart: null })).toBe(false);
  });
});

describe("productVersions: a product's hreflang versions after a build read some shops again", () => {
  const de = { shopId: "DE", language: "de", href: "https://www.bodenhaus.de/eiche-100001.html" };
  const chDe = { shopId: "CH", language: "de", href: "https://www.bodenhaus.ch/de/eiche-100001.html" };
  const chFr = { shopId: "CH", language: "fr", href: "https://www.bodenhaus.ch/fr/chene-100001.html" };
  const at = { shopId: "AT", language: "at", href: "https://www.bodenhaus.at/eiche-100001.html" };

  test("a full read gives what was read, by shop and language", () => {
    expect(productVersions([], [de, chFr, at, chDe], new Set(["DE", "CH", "AT"]))).toEqual([at, chDe, chFr, de]);
  });

  test("the shops not read again keep their versions; a read shop's versions are replaced", () => {
    const renamed = { ...chFr, href: "https://www.bodenhaus.ch/fr/chene-clair-100001.html" };
    expect(productVersions([de, chDe, chFr, at], [chDe, renamed], new Set(["CH"]))).toEqual([at, chDe, renamed, de]);
  });

  test("a shop read again without the product loses it, in every language; none left gives none", () => {
    expect(productVersions([de, chDe, chFr], [], new Set(["CH"]))).toEqual([de]);
    expect(productVersions([de], [], new Set(["DE"]))).toEqual([]);
  });
});
