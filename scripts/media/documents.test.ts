/**
 * The demo's PDFs and videos (docs/decisions/0068): a datasheet is a PDF with the product's name,
 * article number and technical data in the download's language, a laying guide has the steps;
 * a video is an H.264 MP4 (an `ftyp` box) or a WebM (EBML), short and small.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import type { ProductRecord } from "@shop-api/catalogue/import-format";
import { demoDocuments } from "../generate-media";
import { ROOT } from "../lib/shops";
import { DOCUMENT_TEXT } from "./document-texts";
import { pdfSpec, renderPdf } from "./documents";
import { collectMedia } from "./store";
import { mediaBytesKind } from "./uploads";
import { VIDEO, type VideoFormat } from "./video";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "media-documents-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text the page draws: its content streams inflated, the hex strings of the standard fonts decoded (WinAnsi is Latin-1 for these letters). */
async function pageText(bytes: Uint8Array): Promise<string> {
  const raw = Buffer.from(bytes).toString("latin1");
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => {
    const data = Buffer.from(match[1]!, "latin1");
    try {
      return inflateSync(data).toString("latin1");
    } catch {
      return data.toString("latin1");
    }
  });
  return streams
    .join("\n")
    .replace(/<([0-9A-Fa-f]+)>\s*Tj/g, (_, hex: string) => `${Buffer.from(hex, "hex").toString("latin1")}\n`)
    .replace(/\s+/g, " ");
}

const product = demoDocuments(40)
  .flatMap((document) => document.products ?? [])
  .find((record): record is ProductRecord => (record.downloads?.fr?.length ?? 0) === 2 && (record.content.fr?.attributes?.length ?? 0) > 0)!;

test("a datasheet is a PDF with the product's name, article number, pack content and technical data in its language", async () => {
  const bytes = await renderPdf(pdfSpec(product, "fr", "Fiche technique", "datasheet", "Holzwerk"));
  expect(mediaBytesKind(bytes)).toBe("pdf");
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(1);
  expect(pdf.getTitle()).toBe(`${product.content.fr!.title}: Fiche technique`);
  const text = await pageText(bytes);
  expect(text).toContain(product.content.fr!.title.split(" ")[0]);
  expect(text).toContain(product.sku);
  expect(text).toContain(DOCUMENT_TEXT.technicalData.fr);
  for (const attribute of product.content.fr!.attributes!.filter((a) => a.isVisible && a.type !== "boolean")) expect(text).toContain(attribute.label);
});

test("a laying guide lists the laying steps; characters the font lacks are left out, never an error", async () => {
  const spec = { ...pdfSpec(product, "de", "Verlegeanleitung", "guide", "Holzwerk"), title: "Eiche 🌳 rauchgrau ł" };
  const bytes = await renderPdf(spec);
  const text = await pageText(bytes);
  expect(text).toContain(DOCUMENT_TEXT.steps.de);
  expect(text).toContain(`1. ${DOCUMENT_TEXT.layingSteps[0]!.de.split(" ").slice(0, 3).join(" ")}`);
  expect(text).toContain("Eiche rauchgrau");
  expect(text).not.toContain("ł");
});

test("every download and video the demo names is an item of the store: a PDF in its language, a few shared videos", () => {
  const documents = demoDocuments(40);
  const items = collectMedia(documents, [], 42);
  const named = documents
    .flatMap((document) => document.products ?? [])
    .flatMap((record) => Object.values(record.downloads ?? {}).flatMap((list) => (list ?? []).map((d) => d.url)));
  expect(named.length).toBeGreaterThan(0);
  for (const url of named) expect(items.get(url)?.kind).toBe("pdf");
  const videos = [...items].filter(([path]) => path.startsWith("/videos/"));
  expect(videos.length).toBeGreaterThan(0);
  expect(videos.every(([, item]) => item.kind === "video")).toBe(true);
  // Shared by kind of floor: far fewer distinct clips than video paths.
  expect(new Set(videos.map(([, item]) => JSON.stringify(item))).size).toBeLessThan(Math.max(2, videos.length / 2));
});

/** Renders a clip as `npm start` does: under tsx (drawing under Jest's module sandbox is many times slower). */
function renderUnderTsx(file: string, format: VideoFormat): void {
  const spec = JSON.stringify({ texture: "wood", colour: [150, 110, 70], seed: 7 });
  const script = `require(${JSON.stringify(join(__dirname, "video.ts"))}).renderVideo(${spec}, ${JSON.stringify(file)}, "${format}")`;
  execFileSync(join(ROOT, "node_modules", ".bin", "tsx"), ["--eval", script], { encoding: "utf8" });
}

test("a video is a short, small H.264 MP4 (ftyp box, avc1) or a WebM", () => {
  const mp4 = join(dir, "clip.mp4");
  renderUnderTsx(mp4, "mp4");
  const bytes = readFileSync(mp4);
  expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
  expect(bytes.includes(Buffer.from("avc1"))).toBe(true);
  expect(bytes.length).toBeLessThan(300_000);
  expect(VIDEO.seconds).toBeGreaterThanOrEqual(2);
  const webm = join(dir, "clip.webm");
  renderUnderTsx(webm, "webm");
  expect(mediaBytesKind(readFileSync(webm))).toBe("webm");
});
