/**
 * What goes into the `commons` chunk every page loads first (docs/decisions/0011).
 *
 * Gatsby's browser bundle puts a module into `commons` when it is in as many chunks as there
 * are page templates, counting every chunk: so a helper that many features load on demand
 * (the shop API client of the cart, the checkout, the account, the returns, ...) landed in
 * every page's first load although no template renders it. Counted over the templates' own
 * chunks only, `commons` holds what every template renders; the rest goes to the shared
 * chunks of the features that load it.
 */
interface Chunk {
  name?: string | null;
}

interface SplitChunksConfig {
  optimization?: { splitChunks?: false | { cacheGroups?: Record<string, false | { chunks?: unknown; [option: string]: unknown }> } };
}

/** True for the chunk of a page template (Gatsby names them `component---<path>`). */
export function isTemplateChunk(chunk: Chunk): boolean {
  return chunk.name?.startsWith("component---") ?? false;
}

/** Makes Gatsby's `commons` cache group count the templates' chunks only (in place). */
export function commonsOfTemplatesOnly(config: SplitChunksConfig): void {
  const splitChunks = config.optimization?.splitChunks;
  const commons = splitChunks ? splitChunks.cacheGroups?.commons : undefined;
  if (!commons) throw new Error("Gatsby's browser bundle has no commons chunk group to limit");
  commons.chunks = isTemplateChunk;
}
