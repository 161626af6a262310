/**
 * The builder API (`/admin/builder/*`, bearer BUILDER_TOKEN) on the wire: a builder claims the
 * next due build with a lease (`POST /admin/builder/claim`), reports progress
 * (`POST /admin/builder/builds/{id}/progress`, which extends the lease), finishes it
 * (`POST /admin/builder/builds/{id}/finish`), enqueues waiting requests (`POST /admin/builder/sweep`)
 * and asks for "publish now" before it drains the shops (`POST /admin/builder/publish`). The
 * catalogue webhook (`POST /admin/hooks/catalogue`, signed) asks for rebuilds.
 */
import type { BuildPhase, BuildView } from "../back-office/publishing";

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

/** The body of the progress report. */
export interface BuildProgressRequest {
  builder: string;
  phase: BuildPhase;
  done: number;
  total: number;
}

/** The answer of the progress report: the lease, extended. */
export interface BuildProgressAnswer {
  leaseUntil: string;
}

/** What a builder reports when it finishes: the published build's figures, or why it failed. */
export type FinishReport = { ok: true; pages: number; pagesRewritten: number; seconds: number } | { ok: false; error: string };

/** The answer of the finish: the build as it is now (a failure with tries left is queued again). */
export interface BuildFinished {
  build: BuildView;
}

/** How requests were handed on: to the queue, merged into builds at once, or left for the next sweep (the send failed). */
export type RebuildDispatch = "queued" | "merged" | "unsent";

/** The answer of the sweep: the requests it handed on (and how), and the builds whose lease ran out on their last attempt. */
export interface SweepResult {
  requests: number;
  dispatched: RebuildDispatch | null;
  expired: number;
}

/** The answer of the catalogue webhook: the change it wrote (null: nothing to rebuild), and whether the delivery was seen before. */
export interface CatalogueWebhookAnswer {
  changeId: number | null;
  duplicate: boolean;
  /** The shops the change rebuilds and the SKUs no shop has (not on a repeated delivery). */
  shops?: string[];
  unknownSkus?: string[];
}

/** The refusals of the builder API and the webhook besides the core codes (`lease_lost` among them). */
export type RebuildRefusalCode =
  | "method_not_allowed"
  | "not_configured"
  | "invalid_signature_headers"
  | "timestamp_out_of_tolerance"
  | "invalid_signature"
  | "body_too_large"
  | "malformed_json"
  | "unknown_shop";
