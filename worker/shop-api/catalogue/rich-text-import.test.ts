import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { importCatalogue } from "./apply-import";
import { sampleDocument } from "@tests/kit/catalogue";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const HOSTILE = '<p>Gut<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">Link</a><svg onload="alert(4)"></svg></p>';
// the image keeps its relative source and loses its handler; the link loses its javascript: target
const SAFE = '<p>Gut<img src="x" /><a>Link</a></p>';

test("rich text is stored through the allowlist: product and category descriptions, CMS pages and blocks", async () => {
  const doc = sampleDocument();
  const product = doc.products![0]!;
  product.content.de = { ...product.content.de!, description: HOSTILE };
  const category = doc.categories![0]!;
  category.translations.de = { ...category.translations.de!, description: HOSTILE };
  doc.cmsPages![0]!.content = HOSTILE;
  doc.cmsBlocks![0]!.content = HOSTILE;
  const result = await importCatalogue(t.db, { format: "json", text: JSON.stringify(doc) }, { source: "test" });
  expect(result.ok).toBe(true);
  const stored = await t.db.batch<{ html: string }>([
    t.db.prepare("SELECT description AS html FROM product_content WHERE sku = ? AND language = 'de'").bind(product.sku),
    t.db.prepare("SELECT description AS html FROM category_translations WHERE category_id = ? AND language = 'de'").bind(category.id),
    t.db.prepare("SELECT content AS html FROM cms_pages WHERE identifier = ?").bind(doc.cmsPages![0]!.identifier),
    t.db.prepare("SELECT content AS html FROM cms_blocks WHERE identifier = ?").bind(doc.cmsBlocks![0]!.identifier),
  ]);
  expect(stored.map((answer) => answer.results[0]!.html)).toEqual([SAFE, SAFE, SAFE, SAFE]);
});

test("importing the same file again changes nothing (the allowlist gives what it was given for clean text)", async () => {
  const again = await importCatalogue(t.db, { format: "json", text: JSON.stringify(sampleDocument()) }, { source: "test" });
  const twice = await importCatalogue(t.db, { format: "json", text: JSON.stringify(sampleDocument()) }, { source: "test" });
  expect(again.ok && twice.ok).toBe(true);
  expect(twice.ok ? twice.changedSkus : null).toEqual([]);
});
