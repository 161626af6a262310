/**
 * The answers of the back office's publishing API (worker/shop-api/rebuilds/staff-routes.ts,
 * docs/decisions/0032 and 0034), as the shop API builds them and the console reads them:
 *   GET  /admin/api/publishing                 Publishing
 *   POST /admin/api/publishing/publish         PublishAnswer
 *   POST /admin/api/publishing/webhook-secret  RotatedWebhookSecret (shown once)
 * A build looks the same to the builder (worker/shop-api/rebuilds/builder-api.ts).
 */

/** What asked for a rebuild: every rebuild request (change) names one. */
export const REBUILD_TRIGGERS = ["import", "webhook", "nightly", "publish"] as const;
export type RebuildTrigger = (typeof REBUILD_TRIGGERS)[number];

/** queued -> running -> published | failed (a failed attempt with tries left goes back to queued). */
export const BUILD_STATES = ["queued", "running", "published", "failed"] as const;
export type BuildState = (typeof BUILD_STATES)[number];

/** The phases a running build reports its progress in. */
export const BUILD_PHASES = ["sourcing", "rendering", "publishing"] as const;
export type BuildPhase = (typeof BUILD_PHASES)[number];

export interface BuildProgress {
  phase: BuildPhase;
  done: number;
  total: number;
}

/** A build as the console and the builder see it (the contract's BuildView, plus the builder and the build its changes went on to). */
export interface BuildView {
  id: number;
  shop: string;
  state: BuildState;
  triggers: RebuildTrigger[];
  changeIds: number[];
  attempt: number;
  maxAttempts: number;
  queuedAt: string;
  notBefore: string;
  startedAt: string | null;
  finishedAt: string | null;
  seconds: number | null;
  pages: number | null;
  pagesRewritten: number | null;
  progress: BuildProgress | null;
  error: string | null;
  builder: string | null;
  leaseUntil: string | null;
  retriedIn: number | null;
}

export interface ShopPublishing {
  shop: string;
  name: string;
  live: BuildView | null;
  queued: BuildView | null;
  running: BuildView | null;
  recent: BuildView[];
}

export interface WebhookStatus {
  configured: boolean;
  /** When the current secret was made by a rotation (null: the environment's secret or none). */
  rotatedAt: string | null;
  /** Until when the previous secret is still accepted (null: none is). */
  previousValidUntil: string | null;
}

export interface Publishing {
  shops: ShopPublishing[];
  webhook: WebhookStatus;
}

/** "Publish now": the change id of the rebuild request it wrote. */
export interface PublishAnswer {
  changeId: number;
}

/** A new webhook secret (shown once); the previous one stays valid until `previousValidUntil`. */
export interface RotatedWebhookSecret {
  secret: string;
  previousValidUntil: string;
}
