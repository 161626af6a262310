/**
 * The product fields of the spec's product configuration through the import and GraphQL
 * (docs/decisions/0073): isFreeShipping, marketingLabel, the Plus tab's content, the product
 * sets (each variant its own, only products the shop lists in the language) and the top
 * products (also live); bad values refused.
 */
import { commerceDocument, createHarness, type Harness } from "@tests/kit/commerce";
import { gql } from "@tests/kit/graphql";
import { importDocument, imported, type CatalogueDocument, type ProductRecord } from "@tests/kit/catalogue";

let h: Harness;

function withFields(document: CatalogueDocument): CatalogueDocument {
  const extra: Record<string, Partial<ProductRecord>> = {
    "FLOOR-1": { isFreeShipping: true, productSets: ["S-1", "DEONLY-1", "S-2", "NOT-THERE"], topPosition: 2 },
    "LOW-1": { topPosition: 1 },
    "DEONLY-1": { topPosition: 3 },
    "CONF-1-1": { productSets: ["S-3", "S-4"] },
    "CONF-1-2": { productSets: ["S-5"] },
  };
  return {
    ...document,
    products: document.products!.map((product) => {
      const more = extra[product.sku] ?? {};
      if (product.sku !== "FLOOR-1") return { ...product, ...more };
      return {
        ...product,
        ...more,
        content: {
          de: {
            ...product.content.de!,
            marketingLabel: "Bestseller",
            topDescription: "Von unserem Team ausgewählt",
            plusContent: "<p><strong>15 Jahre</strong> Garantie<script>alert(1)</script></p>",
          },
          en: { ...product.content.en!, marketingLabel: "Bestseller", plusContent: "<p>15-year guarantee</p>" },
        },
      };
    }),
  };
}

beforeAll(async () => {
  h = await createHarness();
  await imported(h.db, withFields(commerceDocument()));
});
afterAll(() => h.dispose());

async function product(sku: string, shop = "DE", language = "de") {
  const response = await gql(
    h.db,
    `query ($shop: ID!, $language: String!, $sku: ID!) { product(shop: $shop, language: $language, sku: $sku) {
      isFreeShipping marketingLabel productSets topPosition content { plusContent topDescription } } }`,
    { shop, language, sku },
  );
  expect(response.body.errors).toBeUndefined();
  return response.body.data.product;
}

test("a product's free shipping, marketing label and Plus content, per language; the rich text sanitised", async () => {
  const floor = await product("FLOOR-1");
  expect(floor).toMatchObject({
    isFreeShipping: true,
    marketingLabel: "Bestseller",
    topPosition: 2,
    content: { topDescription: "Von unserem Team ausgewählt" },
  });
  expect(floor.content.plusContent).toBe("<p><strong>15 Jahre</strong> Garantie</p>");
  expect((await product("FLOOR-1", "COM", "en")).content.plusContent).toBe("<p>15-year guarantee</p>");
  expect(await product("S-1")).toEqual({
    isFreeShipping: false,
    marketingLabel: null,
    productSets: [],
    topPosition: null,
    content: { plusContent: "", topDescription: "" },
  });
});

test("product sets: in the merchandiser's order, only what the shop lists in the language; each variant its own", async () => {
  expect((await product("FLOOR-1")).productSets).toEqual(["S-1", "DEONLY-1", "S-2"]);
  // DEONLY-1 is sold in DE only; an unknown SKU is never listed.
  expect((await product("FLOOR-1", "CH", "de")).productSets).toEqual(["S-1", "S-2"]);
  expect((await product("CONF-1-1")).productSets).toEqual(["S-3", "S-4"]);
  expect((await product("CONF-1-2")).productSets).toEqual(["S-5"]);
});

test("the top products, live: by their place, only those the shop lists in the language, with their page and line", async () => {
  const top = await h.call("GET", "/apiv2/catalog/product/top");
  expect(top.body.data).toEqual([
    { id: "LOW-1", position: 1, urlPath: "/produkt-low-1.html", description: "" },
    { id: "FLOOR-1", position: 2, urlPath: "/produkt-floor-1.html", description: "Von unserem Team ausgewählt" },
    { id: "DEONLY-1", position: 3, urlPath: "/nur-de.html", description: "" },
  ]);
  const swiss = await h.call("GET", "/apiv2/catalog/product/top", { shop: "CH", language: "de" });
  expect(swiss.body.data.map((item: { id: string }) => item.id)).toEqual(["LOW-1", "FLOOR-1"]);
});

test("bad values are refused with their field, nothing written", async () => {
  const floor = withFields(commerceDocument()).products!.find((p) => p.sku === "FLOOR-1")!;
  const refused = async (change: Partial<ProductRecord>, field: RegExp, message: RegExp) => {
    const result = await importDocument(h.db, { products: [{ ...floor, ...change }] });
    if (result.ok) throw new Error("expected the import to be refused");
    expect(result.problems).toEqual([expect.objectContaining({ field: expect.stringMatching(field), message: expect.stringMatching(message) })]);
  };
  await refused({ productSets: ["S-1", "S-1"] }, /productSets/, /names a product twice/);
  await refused({ productSets: Array.from({ length: 13 }, (_, i) => `S-${i + 1}`) }, /productSets/, /at most 12/);
  await refused({ productSets: ["../x"] }, /productSets/, /./);
  await refused({ content: { de: { ...floor.content.de!, marketingLabel: "x".repeat(41) } } }, /marketingLabel/, /at most 40/);
  await refused({ isFreeShipping: "yes" as unknown as boolean }, /isFreeShipping/, /./);
  await refused({ topPosition: 0 }, /topPosition/, /1 or more/);
  await refused({ topPosition: 1.5 }, /topPosition/, /./);
  expect((await product("FLOOR-1")).productSets).toEqual(["S-1", "DEONLY-1", "S-2"]);
});
