/**
 * The pictures of the demo catalogue (store.ts writes them), drawn procedurally and deterministically: wood
 * planks, stone tiles and textiles in a product's colour (raw RGB pixels that store.ts
 * encodes with sharp), manufacturer logos and country flags as SVG.
 */

export type Texture = "wood" | "decking" | "stone" | "tiles" | "textile" | "carpet" | "stripes" | "metal" | "poster";
export type Rgb = [number, number, number];

export interface RasterSpec {
  texture: Texture;
  colour: Rgb;
  /** Varies the drawing (grain, joints, veins); the same spec always gives the same pixels. */
  seed: number;
}

/** FNV-1a of a text: stable seeds from paths, titles and the catalogue seed. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function lattice(seed: number, x: number, y: number): number {
  let h = (seed ^ Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/**
 * The lattice values at the corners of the cell each seed last asked for, in a slot per seed (its low bits):
 * neighbouring pixels mostly fall into the same cell of every noise they sample, so most calls skip the four
 * hashes. A slot another seed took is computed again; the values, and so the pixels, are the same either way.
 */
const CORNER_SLOTS = 64;
const cornerCells = new Float64Array(CORNER_SLOTS * 3).fill(Number.NaN);
const corners = new Float64Array(CORNER_SLOTS * 4);

/** Value noise in 0..1. */
function noise(seed: number, x: number, y: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const xf = smooth(x - xi);
  const yf = smooth(y - yi);
  const slot = seed & (CORNER_SLOTS - 1);
  const cell = slot * 3;
  const at = slot * 4;
  if (cornerCells[cell] !== seed || cornerCells[cell + 1] !== xi || cornerCells[cell + 2] !== yi) {
    cornerCells[cell] = seed;
    cornerCells[cell + 1] = xi;
    cornerCells[cell + 2] = yi;
    corners[at] = lattice(seed, xi, yi);
    corners[at + 1] = lattice(seed, xi + 1, yi);
    corners[at + 2] = lattice(seed, xi, yi + 1);
    corners[at + 3] = lattice(seed, xi + 1, yi + 1);
  }
  const a = corners[at]!;
  const b = corners[at + 1]!;
  const c = corners[at + 2]!;
  const d = corners[at + 3]!;
  return a + (b - a) * xf + (c - a) * yf + (a - b - c + d) * xf * yf;
}

function fbm(seed: number, x: number, y: number, octaves = 4): number {
  let sum = 0;
  let amp = 0.5;
  let freq = 1;
  for (let i = 0; i < octaves; i++) {
    sum += amp * noise(seed + i * 1013, x * freq, y * freq);
    freq *= 2;
    amp *= 0.5;
  }
  return sum / (FBM_NORMS[octaves] ?? fbmNorm(octaves));
}

/** fbm's divisor for a number of octaves (the sum of its amplitudes), worked out once for the counts the textures use. */
const fbmNorm = (octaves: number) => 1 - Math.pow(0.5, octaves);
const FBM_NORMS = [0, 1, 2, 3, 4, 5].map(fbmNorm);

/** Draws the texture into RGB pixels (width x height x 3). Coordinates are scaled so every width shows the same picture. */
export function drawRaster(spec: RasterSpec, width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  const scale = 800 / width;
  const [r0, g0, b0] = spec.colour;
  const s = spec.seed;
  const plankH = 80 + (s % 5) * 12;
  const tile = 190 + (s % 3) * 40;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const x = px * scale;
      const y = py * scale;
      let shade = 1;
      switch (spec.texture) {
        case "wood":
        case "decking": {
          const row = Math.floor(y / plankH);
          const offset = lattice(s, row, 7) * 600;
          const plank = Math.floor((x + offset) / 520);
          const local = y - row * plankH;
          const tone = 0.88 + lattice(s, row, plank) * 0.22;
          const warp = fbm(s + row * 31 + plank, x / 260, y / 40, 3) * 9;
          const grain = Math.sin((y + warp * 6) * 0.55 + fbm(s + 5, x / 90, y / 12, 2) * 4);
          const knot = fbm(s + 99 + plank, x / 60, y / 60, 2);
          shade = tone * (0.93 + grain * 0.05 + (knot - 0.5) * 0.1);
          const gap = spec.texture === "decking" ? 9 : 2.2;
          if (local < gap || (x + offset) % 520 < gap) shade *= spec.texture === "decking" ? 0.35 : 0.7;
          break;
        }
        case "stone":
        case "tiles": {
          const size = spec.texture === "tiles" ? tile : 400;
          const cloud = fbm(s, x / 140, y / 140, 5);
          const vein = Math.abs(Math.sin((x * 0.6 + y) / 45 + fbm(s + 3, x / 120, y / 120, 4) * 7));
          shade = 0.82 + cloud * 0.3 - (vein < 0.06 ? (0.06 - vein) * 2.5 : 0);
          const gx = x % size;
          const gy = y % size;
          if (gx < 3 || gy < 3) shade = 0.62;
          break;
        }
        case "textile":
        case "carpet": {
          const fine = spec.texture === "carpet" ? 3 : 6;
          const weave = ((Math.floor(x / fine) + Math.floor(y / fine)) % 2) * 0.05;
          const fibre = lattice(s, Math.floor(x), Math.floor(y)) * (spec.texture === "carpet" ? 0.16 : 0.06);
          shade = 0.88 + weave + fibre + (fbm(s, x / 200, y / 200, 3) - 0.5) * 0.12;
          break;
        }
        case "stripes": {
          const band = Math.floor(x / 90) % 2;
          shade = (band ? 0.86 : 1.02) + (fbm(s, x / 300, y / 300, 2) - 0.5) * 0.06;
          break;
        }
        case "metal": {
          shade = 0.85 + fbm(s, x / 900, y / 2.5, 3) * 0.2 + (y / 600) * 0.08;
          break;
        }
        case "poster": {
          const cx = x - 400;
          const cy = y - 300;
          shade = 0.55 + fbm(s, x / 160, y / 160, 4) * 0.3;
          // A play symbol in the middle: a light disc with a dark triangle.
          if (cx * cx + cy * cy < 70 * 70) shade = cx > -25 && Math.abs(cy) < (35 - cx) * 0.55 && cx < 38 ? 0.3 : 1.45;
          break;
        }
      }
      const i = (py * width + px) * 3;
      pixels[i] = Math.max(0, Math.min(255, Math.round(r0 * shade)));
      pixels[i + 1] = Math.max(0, Math.min(255, Math.round(g0 * shade)));
      pixels[i + 2] = Math.max(0, Math.min(255, Math.round(b0 * shade)));
    }
  }
  return pixels;
}

const hex = (value: string): Rgb => [parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16)];

/** Colours of the demo's decors, found by a word of the product's German title or a swatch name (first match wins). */
const COLOURS: [RegExp, string][] = [
  [/rauchgrau|eiche grau|graphit/i, "#857b72"],
  [/gekalkt|esche weiß|pinie weiß|weiß|farblos/i, "#ddd2bf"],
  [/räuchereiche|thermoesche/i, "#5f4330"],
  [/nussbaum/i, "#6b4a33"],
  [/rustikal|landhaus/i, "#a9784a"],
  [/eiche hell/i, "#d2b48a"],
  [/schiefer/i, "#5a5f66"],
  [/anthrazit/i, "#4b4c50"],
  [/blaugrau/i, "#6f7d8c"],
  [/taupe/i, "#8f8073"],
  [/sand/i, "#d3bf97"],
  [/moosgrün|grün/i, "#6f7f4e"],
  [/beige/i, "#d6c4a4"],
  [/steingrau|beton/i, "#9f9c97"],
  [/bangkirai/i, "#9b6a43"],
  [/lärche|douglasie|kiefer/i, "#c18c5c"],
  [/cortenstahl/i, "#8b4a2b"],
  [/aluminium|silber/i, "#b7babe"],
  [/schwarz/i, "#6d6d6d"],
  [/grau/i, "#9a9996"],
  [/eiche|holz|parkett|laminat/i, "#c39a6b"],
];

const WORLD_COLOUR: Record<string, string> = {
  parkett: "#b98a5c",
  vinyl: "#a89884",
  laminat: "#c7a57b",
  teppichboden: "#8c8076",
  wandverkleidung: "#c9c0b1",
  terrasse: "#8d6443",
  garten: "#7c6a55",
  baustoffe: "#a8a49d",
};

/** The colour a title or name speaks of; else one of the world's (or a neutral) tone. */
export function colourOf(text: string, world?: string): Rgb {
  for (const [pattern, colour] of COLOURS) if (pattern.test(text)) return hex(colour);
  return hex((world && WORLD_COLOUR[world]) || "#b3a58f");
}

/** The texture of a product or category: its world (category id prefix) and the words of its title. */
export function textureOf(world: string, text: string): Texture {
  if (/beton|stein|schiefer|fliese/i.test(text)) return world === "vinyl" || world === "baustoffe" ? "tiles" : "stone";
  if (/streifen/i.test(text)) return "stripes";
  if (/floral|grafik|uni /i.test(text)) return "textile";
  if (/aluminium|cortenstahl|stahl/i.test(text)) return "metal";
  if (/eiche|nuss|esche|pinie|kiefer|lärche|douglas|bangkirai|holz|wpc/i.test(text)) return world === "terrasse" || world === "garten" ? "decking" : "wood";
  switch (world) {
    case "parkett":
    case "laminat":
    case "vinyl":
      return "wood";
    case "terrasse":
      return "decking";
    case "teppichboden":
      return "carpet";
    case "wandverkleidung":
      return /holz/i.test(text) ? "wood" : "textile";
    case "garten":
      return "decking";
    case "baustoffe":
      return "stone";
    default:
      return "textile";
  }
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A manufacturer's word mark: initials on a tinted square and the name. */
export function logoSvg(name: string): string {
  const h = hashText(name);
  const hue = h % 360;
  const initials = name
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" width="320" height="240"><rect width="320" height="240" fill="#fff"/><rect x="120" y="40" width="80" height="80" rx="14" fill="hsl(${hue} 45% 38%)"/><text x="160" y="94" font-family="Arial,Helvetica,sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text><text x="160" y="176" font-family="Arial,Helvetica,sans-serif" font-size="24" fill="#222" text-anchor="middle">${escapeXml(name)}</text></svg>\n`;
}

type FlagDraw = string;
const tri = (a: string, b: string, c: string, vertical = true): FlagDraw =>
  vertical
    ? `<rect width="10" height="20" fill="${a}"/><rect x="10" width="10" height="20" fill="${b}"/><rect x="20" width="10" height="20" fill="${c}"/>`
    : `<rect width="30" height="6.67" fill="${a}"/><rect y="6.67" width="30" height="6.67" fill="${b}"/><rect y="13.33" width="30" height="6.67" fill="${c}"/>`;
const nordic = (field: string, cross: string, inner?: string): FlagDraw =>
  `<rect width="30" height="20" fill="${field}"/><rect x="8" width="5" height="20" fill="${cross}"/><rect y="7.5" width="30" height="5" fill="${cross}"/>${
    inner ? `<rect x="9.5" width="2" height="20" fill="${inner}"/><rect y="9" width="30" height="2" fill="${inner}"/>` : ""
  }`;

/** Flags of the delivery countries, simplified to what reads at icon size (30 x 20). */
const FLAGS: Record<string, FlagDraw> = {
  de: tri("#000", "#d00", "#ffce00", false),
  at: tri("#c8102e", "#fff", "#c8102e", false),
  ch: `<rect width="30" height="20" fill="#d52b1e"/><rect x="13" y="4" width="4" height="12" fill="#fff"/><rect x="9" y="8" width="12" height="4" fill="#fff"/>`,
  li: `<rect width="30" height="10" fill="#002b7f"/><rect y="10" width="30" height="10" fill="#ce1126"/><path d="M6 7h5l-.6-3-1.2 1.2L8.5 3.5 7.8 5.2 6.6 4z" fill="#ffd83d"/>`,
  fr: tri("#002395", "#fff", "#ed2939"),
  it: tri("#009246", "#fff", "#ce2b37"),
  be: tri("#000", "#fae042", "#ed2939"),
  nl: tri("#ae1c28", "#fff", "#21468b", false),
  lu: tri("#ed2939", "#fff", "#00a1de", false),
  ie: tri("#169b62", "#fff", "#ff883e"),
  hu: tri("#cd2a3e", "#fff", "#436f4d", false),
  ro: tri("#002b7f", "#fcd116", "#ce1126"),
  bg: tri("#fff", "#00966e", "#d62612", false),
  ee: tri("#0072ce", "#000", "#fff", false),
  lt: tri("#fdb913", "#006a44", "#c1272d", false),
  lv: `<rect width="30" height="20" fill="#9e3039"/><rect y="8" width="30" height="4" fill="#fff"/>`,
  pl: `<rect width="30" height="10" fill="#fff"/><rect y="10" width="30" height="10" fill="#dc143c"/>`,
  dk: nordic("#c8102e", "#fff"),
  se: nordic("#006aa7", "#fecc00"),
  fi: nordic("#fff", "#002f6c"),
  no: nordic("#ba0c2f", "#fff", "#00205b"),
  es: `<rect width="30" height="20" fill="#aa151b"/><rect y="5" width="30" height="10" fill="#f1bf00"/>`,
  pt: `<rect width="30" height="20" fill="#da291c"/><rect width="12" height="20" fill="#046a38"/><circle cx="12" cy="10" r="3.5" fill="#ffe900"/>`,
  gb: `<rect width="30" height="20" fill="#012169"/><path d="M0 0l30 20M30 0L0 20" stroke="#fff" stroke-width="4"/><path d="M0 0l30 20M30 0L0 20" stroke="#c8102e" stroke-width="1.5"/><path d="M15 0v20M0 10h30" stroke="#fff" stroke-width="6"/><path d="M15 0v20M0 10h30" stroke="#c8102e" stroke-width="3.5"/>`,
  gr: `<rect width="30" height="20" fill="#0d5eaf"/>${[1, 3, 5, 7].map((i) => `<rect y="${(i * 20) / 9}" width="30" height="${20 / 9}" fill="#fff"/>`).join("")}<rect width="11.1" height="11.1" fill="#0d5eaf"/><rect x="4.44" width="2.22" height="11.1" fill="#fff"/><rect y="4.44" width="11.1" height="2.22" fill="#fff"/>`,
  hr: `${tri("#ff0000", "#fff", "#171796", false)}<rect x="12" y="5" width="6" height="7" fill="#ff0000" stroke="#171796" stroke-width=".5"/>`,
  sk: `${tri("#fff", "#0b4ea2", "#ee1c25", false)}<path d="M6 4h8v7c0 3-4 5-4 5s-4-2-4-5z" fill="#ee1c25" stroke="#fff" stroke-width=".6"/>`,
  si: `${tri("#fff", "#005da4", "#ed1c24", false)}<path d="M6 3h6v5c0 3-3 4-3 4s-3-1-3-4z" fill="#005da4" stroke="#ed1c24" stroke-width=".5"/>`,
  cy: `<rect width="30" height="20" fill="#fff"/><path d="M9 9c3-3 9-4 12-2-1 3-6 5-12 4z" fill="#d57800"/><path d="M12 15c2 1 4 1 6 0" stroke="#4e5b31" stroke-width="1" fill="none"/>`,
  mt: `<rect width="15" height="20" fill="#fff"/><rect x="15" width="15" height="20" fill="#cf142b"/><rect x="2" y="2" width="4" height="4" fill="#ccc" stroke="#cf142b" stroke-width=".4"/>`,
};

/** The flag of a country (ISO 3166-1 alpha-2, lower case) as SVG; null for a country without one here. */
export function flagSvg(code: string): string | null {
  const draw = FLAGS[code];
  if (!draw) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20" width="30" height="20">${draw}</svg>\n`;
}
