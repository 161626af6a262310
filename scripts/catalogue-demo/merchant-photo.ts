/**
 * The demo merchant's own photo (docs/decisions/0068, 0073): one demo product's main photo is not
 * drawn by the media store but supplied as the merchant would, a camera-like JPEG of the floor laid
 * in a room, written beside the demo's import files at the path the product names. The demo's
 * import takes it like `npm run import` takes a merchant's files (scripts/media/uploads.ts), and the
 * media store makes its AVIF/WebP sizes from it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import type { CatalogueDocument } from "@shop-api/catalogue/import-format";
import { drawRaster, hashText, type RasterSpec } from "../media/art";

/** The photo's size: a camera's 4:3, larger than the store's largest size, so every size is made from it. */
const MERCHANT_PHOTO_WIDTH = 1600;
const MERCHANT_PHOTO_HEIGHT = 1200;

/** The product: the catalogue's first oak floor that offers samples (its page is one a newcomer opens). */
export function merchantPhotoProduct(documents: CatalogueDocument[]): { sku: string; path: string } | null {
  for (const document of documents)
    for (const product of document.products ?? []) {
      const main = product.media?.[0];
      if (product.type === "simple" && product.samples?.active && /Eiche/.test(product.content.de?.title ?? "") && main?.kind === "image")
        return { sku: product.sku, path: main.url };
    }
  return null;
}

/** Deterministic noise in [-1, 1] per pixel (a camera sensor's grain). */
function grain(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 0xffffffff) * 2 - 1;
  };
}

/**
 * The room: a light wall with the window's light from the left, a skirting board, and the planks in
 * perspective, darker towards the back; a lens's vignette and sensor grain over all of it.
 */
async function merchantPhotoJpeg(): Promise<Buffer> {
  const width = MERCHANT_PHOTO_WIDTH;
  const height = MERCHANT_PHOTO_HEIGHT;
  const floor: RasterSpec = { texture: "wood", colour: [182, 138, 92], seed: hashText("Eiche Landhaus") };
  const textureSize = 1600;
  const texture = drawRaster(floor, textureSize, textureSize);
  const horizon = Math.round(height * 0.36);
  const noise = grain(hashText("merchant photo"));
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const nx = x / width;
      const window = Math.exp(-((nx - 0.18) ** 2) / 0.05);
      let rgb: [number, number, number];
      if (y < horizon - 18) {
        const light = 0.72 + window * 0.24 + (y / horizon) * 0.04;
        rgb = [236 * light, 230 * light, 220 * light];
      } else if (y < horizon) {
        const light = 0.86 + window * 0.1;
        rgb = [245 * light, 243 * light, 238 * light];
      } else {
        // Perspective: rows near the horizon are far away and show more of the floor.
        const depth = (height - horizon) / (y - horizon + 24);
        const u = Math.floor(((((x - width / 2) * depth) / 2.2 + textureSize / 2) % textureSize) + textureSize) % textureSize;
        const v = Math.floor(((depth * 140) % textureSize) + textureSize) % textureSize;
        const i = (v * textureSize + u) * 3;
        const shade = (0.62 + 0.38 / Math.sqrt(depth)) * (0.92 + window * 0.16);
        rgb = [texture[i]! * shade, texture[i + 1]! * shade, texture[i + 2]! * shade];
      }
      const dx = nx - 0.5;
      const dy = y / height - 0.5;
      const vignette = 1 - (dx * dx + dy * dy) * 0.55;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[o + c] = Math.max(0, Math.min(255, Math.round(rgb[c]! * vignette + noise() * 3)));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 78, chromaSubsampling: "4:2:0" })
    .withMetadata({ exif: { IFD0: { Make: "Bodenhaus Demo", Model: "Merchant photo" } } })
    .toBuffer();
}

/** Writes the photo beside the import files at the product's path; the path, or null when the catalogue has no such product. */
export async function writeMerchantPhoto(out: string, documents: CatalogueDocument[]): Promise<string | null> {
  const product = merchantPhotoProduct(documents);
  if (!product) return null;
  const file = join(out, product.path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await merchantPhotoJpeg());
  return product.path;
}
