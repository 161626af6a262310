import type { SiteAssetStore } from "@config/shop-config";
import { publishR2Release } from "./r2-release";
import { publishRelease, type PublishOptions, type PublishResult } from "./release";
import type { SiteBucketClient } from "./site-bucket";

/**
 * Where the builder publishes a shop's finished build (docs/decisions/0053), chosen per shop by
 * `assets` in config/shops.json; the edge reads the same store (worker/edge/site-store.ts).
 *
 *   static  a release folder and one symlink switch of dist/<SHOP> (release.ts, docs/decisions/0034),
 *           deployed as Workers Static Assets: at most WORKERS_ASSET_FILE_LIMIT files per deployment
 *   r2      changed files uploaded by content hash, one pointer write switches (r2-release.ts)
 */
export interface AssetStore {
  readonly kind: SiteAssetStore;
  publish(options: AssetPublishOptions): Promise<AssetPublishResult>;
}

/** What a publish gets: the static store's options without its folder (each store knows where it writes). */
export type AssetPublishOptions = Omit<PublishOptions, "distRoot">;

export interface AssetPublishResult extends PublishResult {
  store: SiteAssetStore;
  /** Objects uploaded to R2 (null for the static store, which copies or links files instead). */
  uploaded: number | null;
  uploadedBytes: number | null;
  /** Objects of older releases removed from R2 (null for the static store). */
  collected: number | null;
}

/** A Workers deployment holds at most this many static asset files (20,000 on the free plan). */
export const WORKERS_ASSET_FILE_LIMIT = 100_000;

/** Today's store: dist/<SHOP> as a symlink switched to a release folder. */
export function staticAssetStore(distRoot: string): AssetStore {
  return {
    kind: "static",
    async publish(options) {
      const result = await publishRelease({ ...options, distRoot });
      return { ...result, store: "static", uploaded: null, uploadedBytes: null, collected: null };
    },
  };
}

/**
 * The SITE_ASSETS bucket (through the shop API's builder calls, or a binding in tests). `digests`:
 * where the files' hashes are remembered between publishes of a shop, `shards`: where the shards of
 * its last release are kept (r2-release.ts).
 */
export function r2AssetStore(
  bucket: SiteBucketClient,
  settings: { concurrency?: number; digests?: (shop: string) => string; shards?: (shop: string) => string } = {},
): AssetStore {
  return {
    kind: "r2",
    async publish(options) {
      const { reload: _reload, ...rest } = options;
      const result = await publishR2Release({
        ...rest,
        bucket,
        concurrency: settings.concurrency,
        digests: settings.digests?.(options.shop),
        shards: settings.shards?.(options.shop),
      });
      options.log?.(
        `[${options.shop}] R2 release ${result.release}: ${result.uploaded} objects uploaded (${(result.uploadedBytes / 1024).toFixed(0)} KiB), ${result.unchanged} files unchanged, ${result.collected} old objects removed`,
      );
      return { ...result, store: "r2" };
    },
  };
}
