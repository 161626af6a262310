import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CreatePagesArgs } from "gatsby";
import { KEEP_OLD_SHOP_DATA_MS, SHOP_DATA_QUERY, removeOldShopData, shopDataFile, writeShopData } from "./shop-data";
import { SHOP_DATA_ID, parseShopData } from "../src/lib/shop-data";
import { testShopInfo } from "@tests/kit/site";

/** The build's shop data files (docs/decisions/0052): content-hashed names, texts parsed once, one file per shop language. */
function result(language: string, home = "Startseite") {
  return {
    locales: {
      edges: [
        { node: { ns: "common", data: JSON.stringify({ nav: { home } }) } },
        { node: { ns: "product", data: JSON.stringify({ product: { sku: "Art.-Nr." } }) } },
      ],
    },
    shopInfo: testShopInfo(),
    menu: { nodes: [{ categoryId: "c1", parentId: null, isWorld: true, name: language === "fr" ? "Sols" : "Böden", path: `/${language}/c1.html` }] },
    cmsLinks: { nodes: [] },
    blocks: { nodes: [] },
    campaign: null,
  };
}

test("the file: language, texts parsed in the nodes' order, the rest as queried; its name hashes its content", () => {
  const file = shopDataFile("de", result("de"));
  expect(file.id).toMatch(SHOP_DATA_ID);
  expect(file.id.startsWith("de-")).toBe(true);
  const data = parseShopData(JSON.parse(file.json), file.id);
  expect(data.locales).toEqual({
    namespaces: ["common", "product"],
    resources: { common: { nav: { home: "Startseite" } }, product: { product: { sku: "Art.-Nr." } } },
  });
  expect(data.menu.nodes[0]!.name).toBe("Böden");
  // The header's countries, named in the file's language at build time (testShopInfo delivers to Switzerland only).
  expect(data.countries).toEqual([{ code: "ch", name: "Schweiz" }]);
  expect(parseShopData(JSON.parse(shopDataFile("fr", result("fr")).json), shopDataFile("fr", result("fr")).id).countries).toEqual([
    { code: "ch", name: "Suisse" },
  ]);
  expect(shopDataFile("de", result("de")).id).toBe(file.id);
  expect(shopDataFile("de", result("de", "Start")).id).not.toBe(file.id);
  expect(shopDataFile("fr", result("fr")).id.startsWith("fr-")).toBe(true);
});

test("the locale nodes' order (which Gatsby does not keep from build to build) does not change the file", () => {
  const reversed = result("de");
  reversed.locales.edges.reverse();
  expect(shopDataFile("de", reversed)).toEqual(shopDataFile("de", result("de")));
});

test("files of earlier builds are kept two days (pages naming them may still be served), then removed; current ones always stay", () => {
  const dir = mkdtempSync(join(tmpdir(), "shop-data-old-"));
  try {
    mkdirSync(dir, { recursive: true });
    const now = Date.now();
    for (const [name, age] of [
      ["de-00000000000000aa.json", KEEP_OLD_SHOP_DATA_MS + 60_000],
      ["de-00000000000000bb.json", KEEP_OLD_SHOP_DATA_MS - 60_000],
      ["de-00000000000000cc.json", KEEP_OLD_SHOP_DATA_MS * 3],
      ["notes.txt", KEEP_OLD_SHOP_DATA_MS * 3],
    ] as const) {
      writeFileSync(join(dir, name), "{}");
      utimesSync(join(dir, name), (now - age) / 1000, (now - age) / 1000);
    }
    expect(removeOldShopData(dir, new Set(["de-00000000000000cc"]), now)).toEqual(["de-00000000000000aa.json"]);
    expect(readdirSync(dir).sort()).toEqual(["de-00000000000000bb.json", "de-00000000000000cc.json", "notes.txt"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a translation file that is not JSON fails the build's step rather than shipping", () => {
  const broken = result("de");
  broken.locales.edges[0]!.node.data = "{nav:";
  expect(() => shopDataFile("de", broken)).toThrow();
});

test("writes one file per language into public/static/shop-data and returns their ids; a failed query panics the build", async () => {
  const dir = mkdtempSync(join(tmpdir(), "shop-data-"));
  try {
    const graphql = jest.fn((query: string, variables: { language: string }) =>
      Promise.resolve(variables.language === "it" ? { errors: [new Error("no")] } : { data: result(variables.language) }),
    );
    const reporter = { panicOnBuild: jest.fn() };
    const ids = await writeShopData({ graphql, reporter } as unknown as Pick<CreatePagesArgs, "graphql" | "reporter">, ["de", "fr", "it"], dir);
    expect(graphql).toHaveBeenCalledWith(SHOP_DATA_QUERY, { language: "de" });
    expect([...ids.keys()]).toEqual(["de", "fr"]);
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(1);
    const files = readdirSync(join(dir, "static", "shop-data")).sort();
    expect(files).toEqual([`${ids.get("de")}.json`, `${ids.get("fr")}.json`].sort());
    expect(JSON.parse(readFileSync(join(dir, "static", "shop-data", `${ids.get("fr")}.json`), "utf8")).language).toBe("fr");
    // A file of the same name is the same content: kept as it is (its modification time unchanged for the publish).
    writeFileSync(join(dir, "static", "shop-data", `${ids.get("de")}.json`), "kept");
    await writeShopData({ graphql, reporter } as unknown as Pick<CreatePagesArgs, "graphql" | "reporter">, ["de"], dir);
    expect(readFileSync(join(dir, "static", "shop-data", `${ids.get("de")}.json`), "utf8")).toBe("kept");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
