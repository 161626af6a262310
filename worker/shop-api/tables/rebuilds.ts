/**
 * The rebuild pipeline's tables (migrations/0015_rebuilds.sql): `rebuild_requests` (one change,
 * its id is the change id), `rebuild_request_shops` (its shops and the build each went into)
 * and `builds`. The statements every writer of a request shares live here, so the catalogue
 * import can record its request in its own batch and the rebuilds module can merge and build it.
 * Times are ISO 8601 text (Date.toISOString); time arithmetic in SQL goes through `plusSeconds`,
 * which yields the same format, so text comparison is time comparison.
 */
import { BUILD_PHASES, REBUILD_TRIGGERS, type BuildPhase, type BuildState, type BuildView, type RebuildTrigger } from "@domain/back-office/publishing";
import { jsonList, parseJsonOr } from "@worker/lib/json";
import { sql, SqlFragment } from "@worker/lib/sql";

export { BUILD_PHASES, type BuildPhase, type BuildView, type RebuildTrigger };

/** The message on REBUILD_QUEUE: the change id only (the consumer reads the rest from D1, so a redelivery is harmless). */
export interface RebuildMessage {
  requestId: number;
}

/** A build row with the ids and triggers of the requests merged into it (JSON arrays, see BUILD_SELECT). */
export interface BuildRow {
  id: number;
  shop: string;
  state: BuildState;
  attempt: number;
  max_attempts: number;
  not_before: string;
  first_queued_at: string;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  progress_phase: BuildPhase | null;
  progress_done: number | null;
  progress_total: number | null;
  pages: number | null;
  pages_rewritten: number | null;
  seconds: number | null;
  error: string | null;
  retried_in: number | null;
  change_ids: string;
  triggers: string;
}

export function buildViewOf(row: BuildRow): BuildView {
  const changeIds = parseJsonOr<unknown[]>(row.change_ids, []).filter((id): id is number => typeof id === "number");
  const triggers = parseJsonOr<unknown[]>(row.triggers, []).filter((t): t is RebuildTrigger => REBUILD_TRIGGERS.includes(t as RebuildTrigger));
  return {
    id: row.id,
    shop: row.shop,
    state: row.state,
    triggers: [...new Set(triggers)].sort(),
    changeIds: [...new Set(changeIds)].sort((a, b) => a - b),
    attempt: row.attempt,
    maxAttempts: row.max_attempts,
    queuedAt: row.first_queued_at,
    notBefore: row.not_before,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    seconds: row.seconds,
    pages: row.pages,
    pagesRewritten: row.pages_rewritten,
    progress:
      row.progress_phase !== null && row.progress_done !== null && row.progress_total !== null
        ? { phase: row.progress_phase, done: row.progress_done, total: row.progress_total }
        : null,
    error: row.error,
    builder: row.lease_owner,
    leaseUntil: row.state === "running" ? row.lease_until : null,
    retriedIn: row.retried_in,
  };
}

/** `time` (an ISO text expression) plus `seconds` (a number or expression), as ISO text with milliseconds. */
export function plusSeconds(time: SqlFragment | string, seconds: SqlFragment | number): SqlFragment {
  return sql`strftime('%Y-%m-%dT%H:%M:%fZ', julianday(${time}) + (${seconds}) / 86400.0)`;
}

export const isoPlusSeconds = (time: Date | string, seconds: number): string => new Date(new Date(time).getTime() + seconds * 1000).toISOString();

/** Every build column, and the changes merged into it. */
const BUILD_SELECT = sql`SELECT b.id, b.shop, b.state, b.attempt, b.max_attempts, b.not_before, b.first_queued_at, b.queued_at, b.started_at,
  b.finished_at, b.lease_owner, b.lease_until, b.progress_phase, b.progress_done, b.progress_total, b.pages, b.pages_rewritten, b.seconds,
  b.error, b.retried_in,
  (SELECT json_group_array(s.request_id) FROM rebuild_request_shops s WHERE s.build_id = b.id) AS change_ids,
  (SELECT json_group_array(DISTINCT r.trigger) FROM rebuild_request_shops s JOIN rebuild_requests r ON r.id = s.request_id WHERE s.build_id = b.id) AS triggers
  FROM builds b`;

export const selectBuild = (id: number): SqlFragment => sql`${BUILD_SELECT} WHERE b.id = ${id}`;

/** The last build of each shop that went live. */
export const selectLiveBuilds = (): SqlFragment => sql`${BUILD_SELECT} WHERE b.id IN (SELECT MAX(id) FROM builds WHERE state = 'published' GROUP BY shop)`;

/** Builds of the shops that are queued or running, and the last finished ones (up to `recent` per shop). */
export const selectBuildsForConsole = (recent: number): SqlFragment =>
  sql`${BUILD_SELECT} WHERE b.state IN ('queued', 'running')
    OR b.id IN (SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY shop ORDER BY id DESC) AS n FROM builds WHERE state IN ('published', 'failed')) WHERE n <= ${recent})
    ORDER BY b.shop, b.id DESC`;

// ---------------------------------------------------------------------------------------------
// Requests

/** The id of the request inserted last: valid within the batch that inserted it (a batch is one transaction). */
export const LAST_REQUEST_ID = SqlFragment.raw("(SELECT MAX(id) FROM rebuild_requests)");

export interface NewRequest {
  trigger: RebuildTrigger;
  actor: string;
  detail: string;
  createdAt: Date;
  /** The import's id, or a subquery yielding it within the import's batch. */
  importId?: number | SqlFragment | null;
}

export const insertRequest = (request: NewRequest, condition: SqlFragment = sql`true`): SqlFragment =>
  sql`INSERT INTO rebuild_requests (trigger, import_id, actor, detail, created_at)
      SELECT ${request.trigger}, ${request.importId ?? null}, ${request.actor.slice(0, 200)}, ${request.detail.slice(0, 1000)}, ${request.createdAt.toISOString()}
      WHERE ${condition} RETURNING id`;

/** Adds shops to the request inserted last (a shop named twice is kept once). */
export const insertLastRequestShops = (shops: readonly string[], condition: SqlFragment = sql`true`): SqlFragment =>
  sql`INSERT OR IGNORE INTO rebuild_request_shops (request_id, shop) SELECT ${LAST_REQUEST_ID}, value FROM json_each(${JSON.stringify(shops)})
      WHERE ${LAST_REQUEST_ID} IS NOT NULL AND ${condition}`;

/** Adds to the request inserted last the shops that sell any of the products (product_shops), as the table holds them when the statement runs. */
export const insertLastRequestShopsOfSkus = (skusJson: string): SqlFragment =>
  sql`INSERT OR IGNORE INTO rebuild_request_shops (request_id, shop)
      SELECT DISTINCT ${LAST_REQUEST_ID}, shop_id FROM product_shops WHERE sku IN (SELECT value FROM json_each(${skusJson}))
      AND ${LAST_REQUEST_ID} IS NOT NULL`;

/** Deletes the request inserted last when it names no shop (a change no shop shows). */
export const deleteLastRequestWithoutShops = (): SqlFragment =>
  sql`DELETE FROM rebuild_requests WHERE id = ${LAST_REQUEST_ID} AND NOT EXISTS (SELECT 1 FROM rebuild_request_shops WHERE request_id = ${LAST_REQUEST_ID})`;

export const selectRequestOfImport = (importId: number | SqlFragment): SqlFragment => sql`SELECT id FROM rebuild_requests WHERE import_id = ${importId}`;

export const markEnqueued = (ids: readonly number[], now: Date): SqlFragment =>
  sql`UPDATE rebuild_requests SET enqueued_at = ${now.toISOString()} WHERE id IN ${jsonList(ids)} AND enqueued_at IS NULL`;

/** Requests nobody sent yet, and sent ones whose shops are still unmerged after `staleBefore` (a lost or dead-lettered message). */
export const selectUnsentRequests = (staleBefore: Date, limit: number): SqlFragment =>
  sql`SELECT id FROM rebuild_requests WHERE enqueued_at IS NULL
      UNION SELECT r.id FROM rebuild_requests r WHERE r.enqueued_at < ${staleBefore.toISOString()}
        AND EXISTS (SELECT 1 FROM rebuild_request_shops s WHERE s.request_id = r.id AND s.build_id IS NULL)
      ORDER BY id LIMIT ${limit}`;

export interface UnmergedRow {
  request_id: number;
  shop: string;
  trigger: RebuildTrigger;
  created_at: string;
}

/** The shops of the requests not merged into a build yet. */
export const selectUnmerged = (ids: readonly number[]): SqlFragment =>
  sql`SELECT s.request_id, s.shop, r.trigger, r.created_at FROM rebuild_request_shops s JOIN rebuild_requests r ON r.id = s.request_id
      WHERE s.request_id IN ${jsonList(ids)} AND s.build_id IS NULL ORDER BY s.request_id, s.shop`;

// ---------------------------------------------------------------------------------------------
// Merging a (request, shop) pair into the shop's one queued build

export interface MergeTiming {
  quietSeconds: number;
  maxDelaySeconds: number;
  maxAttempts: number;
  /** publish now: due at once, no quiet time. */
  immediate: boolean;
}

/**
 * The statements that merge one (request, shop) pair into the shop's queued build, creating it
 * when the shop has none: the first creates (RETURNING its id), the second moves the debounce,
 * the third links the pair. Each does nothing once the pair is linked, so a redelivered message
 * changes nothing.
 *
 * The debounce is one quiet time for the whole change stream (docs/decisions/0032): a change
 * (any trigger but publish now) moves the not_before of **every** queued build to
 *
 *     max(not_before, min(change + quietSeconds, that build's first change + maxDelaySeconds))
 *
 * so while changes keep arriving anywhere within quietSeconds no queued build becomes due, and
 * none waits longer than maxDelaySeconds after its own first change. A not_before only moves
 * later (a retry's backoff stays), and a build that carries a publish-now request is never moved:
 * publish now makes its shop's build due at the request's time.
 */
export function mergePairSql(requestId: number, shop: string, changedAt: string, timing: MergeTiming): SqlFragment[] {
  const unlinked = sql`EXISTS (SELECT 1 FROM rebuild_request_shops WHERE request_id = ${requestId} AND shop = ${shop} AND build_id IS NULL)`;
  const ownShop = sql`shop = ${shop}`;
  const carriesPublish = sql`EXISTS (SELECT 1 FROM rebuild_request_shops s JOIN rebuild_requests r ON r.id = s.request_id
    WHERE s.build_id = builds.id AND r.trigger = 'publish')`;
  const quietUntil = sql`min(${plusSeconds(changedAt, timing.quietSeconds)}, ${plusSeconds(SqlFragment.raw("first_queued_at"), timing.maxDelaySeconds)})`;
  const debounce = timing.immediate
    ? // Publish now: its own shop's build is due at once; other builds are not held back by it.
      sql`UPDATE builds SET queued_at = max(queued_at, ${changedAt}), not_before = min(not_before, ${changedAt})
          WHERE ${ownShop} AND state = 'queued' AND ${unlinked}`
    : sql`UPDATE builds SET queued_at = CASE WHEN ${ownShop} THEN max(queued_at, ${changedAt}) ELSE queued_at END,
          not_before = CASE WHEN ${carriesPublish} THEN not_before ELSE max(not_before, ${quietUntil}) END
          WHERE state = 'queued' AND ${unlinked}`;
  return [
    sql`INSERT INTO builds (shop, state, attempt, max_attempts, not_before, first_queued_at, queued_at)
        SELECT ${shop}, 'queued', 0, ${timing.maxAttempts}, ${isoPlusSeconds(changedAt, timing.quietSeconds)}, ${changedAt}, ${changedAt}
        WHERE NOT EXISTS (SELECT 1 FROM builds WHERE shop = ${shop} AND state = 'queued') AND ${unlinked}
        RETURNING id, shop`,
    debounce,
    sql`UPDATE rebuild_request_shops SET build_id = (SELECT id FROM builds WHERE shop = ${shop} AND state = 'queued')
        WHERE request_id = ${requestId} AND shop = ${shop} AND build_id IS NULL`,
  ];
}

// ---------------------------------------------------------------------------------------------
// Claims, leases, results

/**
 * Claims the oldest due build in one statement: a queued build whose not_before has come, or
 * a running one whose lease expired (with attempts left), of the given shops, and only for a
 * shop no other builder holds a live lease on. Returns the claimed row, or none.
 */
export function claimSql(builder: string, shops: readonly string[] | null, now: Date, leaseSeconds: number): SqlFragment {
  const nowIso = now.toISOString();
  const ofShops = shops === null ? sql`true` : sql`c.shop IN ${jsonList(shops)}`;
  return sql`UPDATE builds SET state = 'running', attempt = attempt + 1, lease_owner = ${builder}, lease_until = ${isoPlusSeconds(now, leaseSeconds)},
      started_at = ${nowIso}, finished_at = NULL, progress_phase = NULL, progress_done = NULL, progress_total = NULL
    WHERE id = (
      SELECT c.id FROM builds c
      WHERE ((c.state = 'queued' AND c.not_before <= ${nowIso}) OR (c.state = 'running' AND c.lease_until <= ${nowIso} AND c.attempt < c.max_attempts))
        AND ${ofShops}
        AND NOT EXISTS (SELECT 1 FROM builds o WHERE o.shop = c.shop AND o.id <> c.id AND o.state = 'running' AND o.lease_until > ${nowIso})
      ORDER BY c.first_queued_at, c.id LIMIT 1)
    RETURNING id`;
}

/** The earliest time a queued build of the shops becomes due, and how many of their builds are queued and running. */
export const selectNextDue = (shops: readonly string[] | null): SqlFragment =>
  sql`SELECT MIN(CASE WHEN state = 'queued' THEN not_before END) AS next, COALESCE(SUM(state = 'queued'), 0) AS queued,
      COALESCE(SUM(state = 'running'), 0) AS running
      FROM builds WHERE state IN ('queued', 'running') AND ${shops === null ? sql`true` : sql`shop IN ${jsonList(shops)}`}`;

/** Requests with shops not merged into a build yet, of any of the shops (oldest first). */
export const selectRequestsUnmergedFor = (shops: readonly string[]): SqlFragment =>
  sql`SELECT DISTINCT request_id AS id FROM rebuild_request_shops WHERE build_id IS NULL AND shop IN ${jsonList(shops)} ORDER BY request_id`;

/** The queued build of each of the shops. */
export const selectQueuedBuildsOf = (shops: readonly string[]): SqlFragment =>
  sql`${BUILD_SELECT} WHERE b.state = 'queued' AND b.shop IN ${jsonList(shops)} ORDER BY b.shop`;

export const progressSql = (id: number, builder: string, phase: BuildPhase, done: number, total: number, leaseUntil: string): SqlFragment =>
  sql`UPDATE builds SET lease_until = ${leaseUntil}, progress_phase = ${phase}, progress_done = ${done}, progress_total = ${total}
      WHERE id = ${id} AND state = 'running' AND lease_owner = ${builder} RETURNING id, lease_until`;

export interface PublishedResult {
  pages: number;
  pagesRewritten: number;
  seconds: number;
}

export const publishSql = (id: number, builder: string, result: PublishedResult, now: Date): SqlFragment =>
  sql`UPDATE builds SET state = 'published', finished_at = ${now.toISOString()}, lease_until = NULL, pages = ${result.pages},
      pages_rewritten = ${result.pagesRewritten}, seconds = ${result.seconds}, error = NULL
      WHERE id = ${id} AND state = 'running' AND lease_owner = ${builder} RETURNING id`;

/**
 * A failed attempt of the running builds chosen by `which` (an expression over `builds`): when
 * the shop has a queued build meanwhile, the failed build's changes move into it (its not_before
 * no earlier than the backoff) and the failed build is `failed` with `retried_in` naming it;
 * otherwise, with attempts left, the build goes back to queued with not_before = now +
 * retryBaseSeconds * 2^(attempt - 1), without attempts left it is `failed` and keeps its changes.
 * Run the statements in this order in one batch.
 */
export function failSql(which: (alias: string) => SqlFragment, error: string, now: Date, retryBaseSeconds: number): SqlFragment[] {
  const nowIso = now.toISOString();
  const backoff = (alias: string) => plusSeconds(nowIso, sql`${retryBaseSeconds} * (1 << (${SqlFragment.raw(alias)}.attempt - 1))`);
  const queuedOf = (alias: string) => sql`(SELECT q.id FROM builds q WHERE q.shop = ${SqlFragment.raw(alias)}.shop AND q.state = 'queued')`;
  const failing = (alias: string) => sql`${SqlFragment.raw(alias)}.state = 'running' AND ${which(alias)}`;
  return [
    sql`UPDATE builds SET not_before = max(not_before, (SELECT max(${backoff("f")}) FROM builds f WHERE f.shop = builds.shop AND ${failing("f")}))
        WHERE state = 'queued' AND EXISTS (SELECT 1 FROM builds f WHERE f.shop = builds.shop AND ${failing("f")})`,
    sql`UPDATE rebuild_request_shops SET build_id = (SELECT ${queuedOf("f")} FROM builds f WHERE f.id = rebuild_request_shops.build_id)
        WHERE build_id IN (SELECT f.id FROM builds f WHERE ${failing("f")} AND ${queuedOf("f")} IS NOT NULL)`,
    sql`UPDATE builds SET
        retried_in = ${queuedOf("builds")},
        state = CASE WHEN ${queuedOf("builds")} IS NOT NULL OR attempt >= max_attempts THEN 'failed' ELSE 'queued' END,
        not_before = CASE WHEN ${queuedOf("builds")} IS NOT NULL OR attempt >= max_attempts THEN not_before ELSE ${backoff("builds")} END,
        finished_at = CASE WHEN ${queuedOf("builds")} IS NOT NULL OR attempt >= max_attempts THEN ${nowIso} ELSE NULL END,
        lease_until = NULL, progress_phase = NULL, progress_done = NULL, progress_total = NULL, error = ${error.slice(0, 2000)}
        WHERE ${failing("builds")}
        RETURNING id, state, retried_in, not_before`,
  ];
}

/** The builder's own failure report: only while it holds the build. */
export const reportedFailure = (id: number, builder: string) => (alias: string) =>
  sql`${SqlFragment.raw(alias)}.id = ${id} AND ${SqlFragment.raw(alias)}.lease_owner = ${builder}`;

/** Running builds whose lease expired on their last attempt: nobody may take them over, so they fail. */
export const expiredOnLastAttempt = (now: Date) => (alias: string) =>
  sql`${SqlFragment.raw(alias)}.lease_until <= ${now.toISOString()} AND ${SqlFragment.raw(alias)}.attempt >= ${SqlFragment.raw(alias)}.max_attempts`;

export const selectBuildShopState = (id: number): SqlFragment => sql`SELECT id, shop, state, lease_owner FROM builds WHERE id = ${id}`;
