import type { SiteStore } from "./site-store";

/**
 * The build's CSP manifest (docs/decisions/0028): `dist/<SHOP>/_csp.json`, written after
 * the shop's Gatsby build (scripts/lib/script-hashes.ts), lists the SHA-256 hashes of the
 * inline scripts each HTML file of the build carries. A page's `script-src` allows
 * exactly the hashes of its file; the edge never hashes a response. The file holds only
 * hashes of scripts every page shows anyway and the build's page names, and the edge
 * answers 404 for it all the same.
 */
export const CSP_MANIFEST_FILE = "/_csp.json";

export interface CspManifest {
  version: 1;
  /** The distinct hashes (base64 SHA-256) of the build's inline scripts. */
  hashes: string[];
  /** Build file (`/index.html`, `/fr/404.html`) -> indexes into `hashes`, in page order. */
  pages: Record<string, number[]>;
}

const SHA256_BASE64 = /^[A-Za-z0-9+/]{43}=$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The manifest, or null when the value is not one (any hash that is not a SHA-256 makes it no manifest). */
export function parseCspManifest(value: unknown): CspManifest | null {
  if (!isRecord(value) || value.version !== 1 || !Array.isArray(value.hashes) || !isRecord(value.pages)) return null;
  const hashes = value.hashes;
  if (!hashes.every((hash): hash is string => typeof hash === "string" && SHA256_BASE64.test(hash))) return null;
  const pages: Record<string, number[]> = {};
  for (const [file, indexes] of Object.entries(value.pages)) {
    if (!file.startsWith("/") || !Array.isArray(indexes)) return null;
    if (!indexes.every((index): index is number => Number.isInteger(index) && index >= 0 && index < hashes.length)) return null;
    pages[file] = indexes;
  }
  return { version: 1, hashes, pages };
}

/** The hashes of the inline scripts of a build file; none for a file the manifest does not name. */
export function pageScriptHashes(manifest: CspManifest, file: string): string[] {
  if (!Object.hasOwn(manifest.pages, file)) return [];
  return manifest.pages[file]!.map((index) => manifest.hashes[index]!);
}

const EMPTY: CspManifest = { version: 1, hashes: [], pages: {} };

/**
 * Each shop's manifest, read once from the shop's store and kept for the build it belongs to
 * (static assets: a new build is a new deployment, and `wrangler dev` restarts the worker when
 * dist/ changes; R2: the store's version names the live release, so a switch reads the new
 * release's manifest). A build without a valid manifest allows no inline script; a failed read
 * is tried again next time.
 */
export function cspManifests() {
  const loaded = new Map<string, { version: string; manifest: Promise<CspManifest> }>();

  async function load(store: SiteStore, shopId: string): Promise<CspManifest> {
    const response = await store.file(shopId, CSP_MANIFEST_FILE, new Request("https://assets.internal/"));
    let manifest: CspManifest | null = null;
    if (response) {
      try {
        manifest = parseCspManifest(await response.json());
      } catch {
        manifest = null;
      }
    }
    if (!manifest) console.warn(`the build of ${shopId} has no valid ${CSP_MANIFEST_FILE}: its pages run no inline script (rebuild the shop)`);
    return manifest ?? EMPTY;
  }

  return {
    async scriptHashes(store: SiteStore, shopId: string, file: string): Promise<string[]> {
      const version = await store.version(shopId);
      let known = loaded.get(shopId);
      if (!known || known.version !== version) {
        const manifest = load(store, shopId);
        known = { version, manifest };
        loaded.set(shopId, known);
        manifest.catch(() => {
          if (loaded.get(shopId)?.manifest === manifest) loaded.delete(shopId);
        });
      }
      return pageScriptHashes(await known.manifest, file);
    },
  };
}

export type CspManifests = ReturnType<typeof cspManifests>;
