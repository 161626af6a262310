import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { looseCopy } from "@tests/kit/loose-json";
import { importCatalogue } from "./apply-import";
import type { ImportResult } from "./import-format";
import { sampleDocument } from "@tests/kit/catalogue";

/** Video posters in the catalogue import (migrations/0029; docs/decisions/0047). */
let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.dispose();
});

const importJson = (doc: unknown): Promise<ImportResult> =>
  importCatalogue(t.db, { format: "json", text: JSON.stringify(doc) }, { source: "posters.json", now: new Date("2025-07-01T08:00:00Z") });

function problemsOf(result: ImportResult) {
  if (result.ok) throw new Error("expected the import to be refused");
  return result.problems;
}

test("a product video and a video tutorial keep their posters; images and text tutorials have none", async () => {
  const doc = looseCopy(sampleDocument());
  doc.products[0].media.push({ kind: "video", url: "/videos/products/P-100.mp4", alt: "Eiche", poster: "/images/videos/products/p-100.jpg" });
  doc.products[0].tutorials.de[0].poster = "/images/videos/tutorials/verlegung.jpg";
  doc.products[0].tutorials.de.push({ title: "Pflege", type: "text", content: "Feucht wischen." });
  const result = await importJson(doc);
  expect(result.ok).toBe(true);
  const media = await t.db.prepare("SELECT kind, url, poster FROM media WHERE sku = 'P-100' ORDER BY position").all();
  expect(media.results).toEqual([
    { kind: "image", url: "/images/products/P-100-1.jpg", poster: null },
    { kind: "video", url: "/videos/products/P-100.mp4", poster: "/images/videos/products/p-100.jpg" },
  ]);
  const tutorials = await t.db.prepare("SELECT type, poster FROM tutorials WHERE sku = 'P-100' ORDER BY position").all();
  expect(tutorials.results).toEqual([
    { type: "video", poster: "/images/videos/tutorials/verlegung.jpg" },
    { type: "text", poster: null },
  ]);
});

test("a poster elsewhere than /images/videos/, on another host, climbing out, or on an image or text tutorial is refused", async () => {
  const doc = looseCopy(sampleDocument());
  doc.products[0].media = [
    { kind: "image", url: "/images/products/P-100-1.jpg", poster: "/images/videos/products/p-100.jpg" },
    { kind: "video", url: "/videos/a.mp4", poster: "https://img.youtube.com/vi/abc/0.jpg" },
    { kind: "video", url: "/videos/b.mp4", poster: "/images/videos/../../etc/passwd.jpg" },
    { kind: "video", url: "/videos/c.mp4", poster: "/images/products/p-100.jpg" },
    { kind: "video", url: "/videos/d.mp4", poster: "/images/videos//x.jpg" },
    { kind: "video", url: "/videos/e.mp4", poster: "/images/videos/x.svg" },
    { kind: "video", url: "/videos/f.mp4", poster: '/images/videos/x.jpg"><script>' },
  ];
  doc.products[0].tutorials.de = [{ title: "Pflege", type: "text", content: "Feucht wischen.", poster: "/images/videos/tutorials/pflege.jpg" }];
  const problems = problemsOf(await importJson(doc));
  const message = (field: string) => problems.find((p) => p.field === field)?.message;
  expect(message("products[0].media[0].poster")).toBe("only a video has a poster");
  for (const index of [1, 2, 3, 4, 5, 6]) expect(message(`products[0].media[${index}].poster`)).toMatch(/^must be an image path under \/images\/videos\//);
  expect(message("products[0].tutorials.de[0].poster")).toBe("only a video tutorial has a poster");
  const written = await t.db.prepare("SELECT COUNT(*) AS n FROM media").first<{ n: number }>();
  expect(written?.n).toBe(0);
});
