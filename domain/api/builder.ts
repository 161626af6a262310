/**
 * The builder API (`/admin/builder/*`, bearer BUILDER_TOKEN) on the wire: a builder claims the
 * next due build with a lease (`POST /admin/builder/claim`), reports progress, finishes it, and
 * asks for "publish now" before it drains the shops (`POST /admin/builder/publish`).
 */

export interface ClaimedBuild {
  id: number;
  shop: string;
  attempt: number;
  /** The change ids (rebuild request ids) the build carries live. */
  changeIds: number[];
  /**
   * Source the whole catalogue, not only what changed since the shop's last build: the build
   * carries a nightly rebuild or a "publish now", which must refresh what time alone changes
   * (the 30-day reference price, campaigns) and what no change log records.
   */
  fullSync: boolean;
  leaseUntil: string;
}

export interface ClaimResult {
  build: ClaimedBuild | null;
  /** Without a build: when the next queued build of these shops becomes due (null: none queued). */
  nextDueAt: string | null;
  /**
   * Without a build: how many builds of these shops are queued (not due yet, or held back by a
   * running build) and running (under a live lease); null when a build was claimed. A builder
   * that drains the shops is done when both are 0.
   */
  pending: { queued: number; running: number } | null;
}

export interface BuilderPublish {
  changeId: number;
  /** Every request that waited for these shops (e.g. an import the CLI wrote) and is now in their builds, the publish included. */
  carried: number[];
  /** The queued build of each shop, which carries the publish (and the waiting requests, unless the shop's build was running). */
  builds: { shop: string; id: number; changeIds: number[] }[];
}
