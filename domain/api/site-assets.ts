/**
 * The builder's calls on the bucket of published shops (`POST /admin/builder/site-assets/{op}`,
 * bearer BUILDER_TOKEN; docs/decisions/0053): `put` a batch of objects (its own binary format),
 * `get` one object (its bytes, not the envelope), `list` keys by prefix, `delete` keys.
 */

export interface SiteAssetGetRequest {
  key: string;
}

export interface SiteAssetListRequest {
  prefix: string;
  cursor?: string;
}

export interface SiteAssetDeleteRequest {
  keys: string[];
}

export interface SiteAssetsWritten {
  written: number;
}

/** A page of keys; `cursor` asks for the next (null: the last page). */
export interface SiteAssetKeys {
  keys: string[];
  cursor: string | null;
}

export interface SiteAssetsDeleted {
  deleted: number;
}

/** The refusals of the bucket calls besides the core codes. */
export type SiteAssetsRefusalCode = "method_not_allowed" | "malformed_batch" | "site_assets_unavailable";
