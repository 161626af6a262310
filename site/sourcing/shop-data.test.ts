import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CreatePagesArgs } from "gatsby";
import { SHOP_DATA_QUERY, shopDataFile, writeShopData } from "./shop-data";
import { SHOP_DATA_ID, parseShopData } from "../src/lib/shop-data";

/** The build's shop data files (docs/decisions/0052): content-hashed names, texts parsed once, one file per shop language. */
function result(language: string, home = "Startseite") {
  return {
    locales: {
      edges: [
        { node: { ns: "common", data: JSON.stringify({ nav: { home } }) } },
        { node: { ns: "product", data: JSON.stringify({ product: { sku: "Art.-Nr." } }) } },
      ],
    },
    shopInfo: {
      shopId: "CH",
      name: "Bodenhaus",
      currency: "CHF",
      languages: ["de", "fr"],
      domainPrefixes: ["de", "fr"],
      deliveryCountries: ["ch"],
      origin: "https://x",
      paymentMethods: [],
      buildYear: 2026,
    },
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
  expect(shopDataFile("de", result("de")).id).toBe(file.id);
  expect(shopDataFile("de", result("de", "Start")).id).not.toBe(file.id);
  expect(shopDataFile("fr", result("fr")).id.startsWith("fr-")).toBe(true);
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
