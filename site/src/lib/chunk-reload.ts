/**
 * If a page chunk fails to load (a deployment replaced it), the page
 * reloads once. The time of that reload is kept as a marker in the address, so a
 * second failure within 60 seconds does not reload again (no reload loop).
 */
export const CHUNK_RELOAD_PARAM = "chunk-reload";
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** Whether an error (or rejection reason) is a failed chunk / dynamic import load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  const text = `${typeof name === "string" ? name : ""} ${typeof message === "string" ? message : ""}`;
  return /ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(text);
}

/** The address to reload to, or null when a reload happened less than 60 s ago. */
export function chunkReloadTarget(href: string, now: number): string | null {
  const url = new URL(href);
  const last = Number(url.searchParams.get(CHUNK_RELOAD_PARAM));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS && last <= now) return null;
  url.searchParams.set(CHUNK_RELOAD_PARAM, String(now));
  return url.toString();
}

/** The address without the marker (tidied once the reloaded page works). */
export function withoutChunkReloadMarker(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has(CHUNK_RELOAD_PARAM)) return null;
  url.searchParams.delete(CHUNK_RELOAD_PARAM);
  return url.toString();
}
