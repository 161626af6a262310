/**
 * The fields of a CMS page of the spec's CMS model through the import and GraphQL
 * (docs/decisions/0073): sidebar, repeaters, manufacturers, world, newsletter and the creation
 * time the import keeps; rich text sanitised; unknown references and bad values refused.
 */
import { commerceDocument } from "@tests/kit/commerce";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { gql } from "@tests/kit/graphql";
import { importDocument, imported, type CatalogueDocument } from "@tests/kit/catalogue";

let t: TestDatabase;
type CmsPageRecord = NonNullable<CatalogueDocument["cmsPages"]>[number];

const guide: CmsPageRecord = {
  shop: "DE",
  language: "de",
  identifier: "bodenberatung",
  pageType: "CUSTOM",
  title: "Welcher Boden passt zu mir?",
  content: "<p>Parkett, Vinyl oder Laminat</p>",
  sidebar: { title: "Unser Tipp", content: "<p>Muster <em>einen Tag</em> liegen lassen</p><img src=x onerror=alert(1)>" },
  repeaters: [
    { title: "Parkett", content: "<p>Echtes Holz</p>" },
    { title: "Vinyl", content: "<p>Robust</p><script>alert(1)</script>" },
  ],
  manufacturers: ["holz"],
  world: "boden",
  newsletter: true,
};

beforeAll(async () => {
  t = await createTestDatabase();
  await imported(t.db, { ...commerceDocument(), cmsPages: [...commerceDocument().cmsPages!, guide] });
});
afterAll(() => t.dispose());

async function pages(): Promise<Record<string, Record<string, unknown>>> {
  const response = await gql(
    t.db,
    `{ cmsPages(shop: "DE", language: "de") { identifier pageType sidebar { title content } repeaters { title content } manufacturers worldId newsletter creationTime updatedAt } }`,
  );
  expect(response.body.errors).toBeUndefined();
  return Object.fromEntries((response.body.data.cmsPages as { identifier: string }[]).map((page) => [page.identifier, page]));
}

test("sidebar, sections, manufacturers, world and newsletter as imported, the rich text sanitised; a plain page has none", async () => {
  const { bodenberatung, impressum } = await pages();
  expect(bodenberatung).toMatchObject({
    pageType: "CUSTOM",
    sidebar: { title: "Unser Tipp", content: '<p>Muster <em>einen Tag</em> liegen lassen</p><img src="x" />' },
    repeaters: [
      { title: "Parkett", content: "<p>Echtes Holz</p>" },
      { title: "Vinyl", content: "<p>Robust</p>" },
    ],
    manufacturers: ["holz"],
    worldId: "boden",
    newsletter: true,
  });
  expect(impressum).toMatchObject({ sidebar: null, repeaters: [], manufacturers: [], worldId: null, newsletter: false });
});

test("the creation time stays when the page changes; its update time moves", async () => {
  const before = (await pages()).bodenberatung!;
  expect(before.creationTime).toBe(before.updatedAt);
  await imported(t.db, { cmsPages: [{ ...guide, title: "Welcher Boden passt?" }] }, { now: new Date(Date.parse(String(before.updatedAt)) + 60_000) });
  const after = (await pages()).bodenberatung!;
  expect(after.creationTime).toBe(before.creationTime);
  expect(after.updatedAt).not.toBe(before.updatedAt);
});

test("unknown manufacturers and worlds, and bad sections, are refused with their field", async () => {
  const refused = async (change: Partial<CmsPageRecord>, field: string, message: RegExp) => {
    const result = await importDocument(t.db, { cmsPages: [{ ...guide, ...change }] });
    if (result.ok) throw new Error("expected the import to be refused");
    expect(result.problems).toEqual([expect.objectContaining({ field, message: expect.stringMatching(message) })]);
  };
  await refused({ manufacturers: ["niemand"] }, "cmsPages[0].manufacturers[0]", /unknown manufacturer 'niemand'/);
  await refused({ world: "fliesen" }, "cmsPages[0].world", /unknown category 'fliesen'/);
  await refused({ repeaters: [{ title: "", content: "<p>x</p>" }] }, "cmsPages[0].repeaters[0].title", /must not be empty/);
  await refused({ sidebar: { title: "Tipp" } as CmsPageRecord["sidebar"] }, "cmsPages[0].sidebar.content", /./);
});
