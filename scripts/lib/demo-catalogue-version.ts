/**
 * Which version of the demo catalogue a local database holds: a fingerprint of the generator's
 * sources and the requested size, kept beside the database. When the generator changes (new demo
 * data a feature needs, e.g. the terrace planner's boards), the next start imports the new version
 * into the kept database instead of serving a catalogue older than the code.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./shops";

const MARKER = "demo-catalogue.version";
const SOURCES = [join(ROOT, "scripts", "generate-catalogue.ts"), ...sourcesIn(join(ROOT, "scripts", "catalogue-demo"))];

function sourcesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .sort()
    .map((name) => join(dir, name));
}

/** The fingerprint of the demo catalogue the generator makes now with `products` products. */
export function demoCatalogueVersion(products: number): string {
  const hash = createHash("sha256").update(`products=${products}\n`);
  for (const file of SOURCES) hash.update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

/** The version the database in `stateDir` was last filled with; null when unknown (a catalogue of its own, or an older state). */
export function storedDemoCatalogueVersion(stateDir: string): string | null {
  const marker = join(stateDir, MARKER);
  return existsSync(marker) ? readFileSync(marker, "utf8").trim() : null;
}

export function storeDemoCatalogueVersion(stateDir: string, version: string): void {
  writeFileSync(join(stateDir, MARKER), `${version}\n`);
}
