/**
 * Idempotency keys for the storefront API's writes (docs/decisions/0025). A POST, PUT,
 * PATCH or DELETE that carries `Idempotency-Key` (1-255 visible ASCII characters) runs
 * once per caller and key; the caller is the visitor (SHA-256 of its bearer token), on the back
 * office's idempotent writes the staff session (SHA-256 of its token) or, without a token, the
 * client address (its IPv6 /64 network) the rate limits count by.
 *
 * - The first answer (status, body and the headers of REPLAYED_HEADERS) is kept 24 hours;
 *   a repeat with the same method, path with query and body gets it again, marked
 *   `idempotent-replayed: true`. It is written after the answer has left (waitUntil): the
 *   answer does not wait for a D1 write of its own; until it is written the key is running.
 * - A handler whose own write is the key's record (placing an order: the order's id is derived from the
 *   key, and the order keeps the request's fingerprint) keeps the key itself (`handlerKeepsKey`): it gets
 *   the key, scope and fingerprint as `ctx.keyedRequest`, no key row is written and no answer is kept; a
 *   repeat runs the handler again, which answers from what it wrote, or refuses with `keyReused` or
 *   `inProgress`.
 * - The same key with another request: 422 `idempotency_key_reused`.
 * - A repeat while the first still runs: 409 `idempotency_in_progress` with Retry-After.
 * - Answers with status >= 500, and 429 (a refusal for now, not for the request), are not
 *   kept: a retry runs again. A run that died without settling holds its key for at most
 *   STALE_AFTER_MS, then a retry takes it over; a claim whose statement failed is given up at once
 *   (it may have been written before D1 failed).
 *
 * The body is read here once (up to the largest body a storefront route takes, the
 * upload limit; more is 413 `body_too_large`) to fingerprint it, and handed on to the
 * handler. A multipart boundary is left out of the fingerprint: browsers pick a new one
 * every time they send the same form.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { SqlFragment } from "@worker/lib/sql";
import { STAFF_SESSION_HEADER, VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { shopDirectory } from "@config/shops";
import { indexOfBytes, multipartBoundary } from "@worker/lib/multipart";
import { readLimitedBody } from "@worker/lib/read-limited-body";
import {
  claimKey,
  deleteExpiredKeys,
  releaseKey,
  selectKey,
  storeAnswer,
  storedAnswerOf,
  type IdempotencyKeyRow,
  type StoredAnswer,
} from "../tables/idempotency-keys";
import { randomToken, sha256Hex, visitorToken } from "./auth";
import type { ApiContext, KeyedRequest } from "./context";
import { fail, failureResponse, MESSAGES } from "./envelope";
import { clientKey } from "./rate-limit";
import { sessionTokenFrom } from "./session-tokens";

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
const REPLAYED_HEADER = "idempotent-replayed";
export const KEEP_ANSWERS_MS = 24 * 60 * 60 * 1000;
/** Longer than any call may take (the edge gives an upload call uploads.timeoutMs, 60 s). */
export const STALE_AFTER_MS = 2 * 60 * 1000;
/** Answers larger than this are not kept (a storefront write answers a small envelope). */
const MAX_KEPT_BODY_CHARACTERS = 256 * 1024;
const MAX_BODY_BYTES = shopDirectory.config.uploads.maxRequestBytes;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
/** The visitor token a first write created goes with its replay, or a retried first write would lose its visitor. */
const REPLAYED_HEADERS = ["content-type", "content-language", "cache-control", "location", "retry-after", "www-authenticate", VISITOR_TOKEN_HEADER];
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

const answerResponse = (answer: StoredAnswer, extra: Record<string, string> = {}): Response =>
  new Response(NULL_BODY_STATUSES.has(answer.status) ? null : answer.body, { status: answer.status, headers: { ...answer.headers, ...extra } });

async function callerScope(request: Request): Promise<string> {
  const token = visitorToken(request) ?? sessionTokenFrom(request, STAFF_SESSION_HEADER);
  return sha256Hex(token ?? `ip:${clientKey(request)}`);
}

/** SHA-256 of method, path with query and body (a multipart body without its boundary). */
async function fingerprintOf(request: Request, url: URL, body: Uint8Array<ArrayBuffer>): Promise<string> {
  const boundary = multipartBoundary(request.headers.get("content-type"));
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  if (boundary) {
    const separator = new TextEncoder().encode(boundary);
    let start = 0;
    for (let at = indexOfBytes(body, separator); at >= 0; at = indexOfBytes(body, separator, start)) {
      pieces.push(body.subarray(start, at));
      start = at + separator.length;
    }
    pieces.push(body.subarray(start));
  } else pieces.push(body);
  const digests = await Promise.all(pieces.map((piece) => sha256Hex(piece)));
  return sha256Hex(`${request.method}\n${url.pathname}${url.search}\n${digests.join(",")}`);
}

async function readBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => fail(413, MESSAGES.invalid, "body_too_large");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const body = await readLimitedBody(request.body, MAX_BODY_BYTES);
  if (!body) throw tooLarge();
  return body;
}

type Turn = { kind: "run"; claim: string } | { kind: "replay"; answer: StoredAnswer };

/** The statement that takes the key for a run holding `claim`: its one row names the winning claim, none when another run holds the key. */
function claimStatement(ctx: ApiContext, { scope, key, fingerprint }: KeyedRequest, claim: string): SqlFragment {
  const now = ctx.now;
  return claimKey({
    scope,
    key,
    fingerprint,
    claim,
    now,
    expiresAt: new Date(now.getTime() + KEEP_ANSWERS_MS),
    staleBefore: new Date(now.getTime() - STALE_AFTER_MS),
  });
}

/** A claim whose statement failed may have been written before D1 failed: given up, or a retry would wait for a run that never started. */
const giveUp = (ctx: ApiContext, { scope, key }: KeyedRequest, claim: string): Promise<unknown> =>
  releaseKey(scope, key, claim)
    .prepare(ctx.db)
    .run()
    .catch(() => undefined);

/** Another run holds the key: its kept answer to replay; throws 422 (another request) or 409 (still running). */
async function otherRunsAnswer(ctx: ApiContext, { scope, key, fingerprint }: KeyedRequest): Promise<StoredAnswer> {
  const row = await selectKey(scope, key).prepare(ctx.db).first<IdempotencyKeyRow>();
  if (row && row.fingerprint !== fingerprint) throw keyReused();
  const answer = row ? storedAnswerOf(row) : null;
  // No row: the other run just gave the key up (it failed); the caller may retry at once.
  if (!answer) throw inProgress();
  return answer;
}

/** 409: the key's first run has not answered yet; the caller retries in a second. */
export const inProgress = () => fail(409, MESSAGES.idempotencyInProgress, "idempotency_in_progress", {}, { "retry-after": "1" });

/** 422: the key was used for another request (another method, path or body). */
export const keyReused = () => fail(422, MESSAGES.idempotencyKeyReused, "idempotency_key_reused");

/** Takes the key for this run, or finds the kept answer to replay; throws 409/422. */
async function takeTurn(ctx: ApiContext, request: KeyedRequest): Promise<Turn> {
  const claim = randomToken(16);
  let won: { claim: string } | null;
  try {
    won = await claimStatement(ctx, request, claim).prepare(ctx.db).first<{ claim: string }>();
  } catch (error) {
    await giveUp(ctx, request, claim);
    throw error;
  }
  return won?.claim === claim ? { kind: "run", claim } : { kind: "replay", answer: await otherRunsAnswer(ctx, request) };
}

/** Answers that a later retry may not get again: failures of the server and rate-limit refusals. */
const isTransient = (status: number): boolean => status >= 500 || status === 429;

/**
 * Keeps the answer for replays after it has left (waitUntil), or gives the key up before answering (transient or too
 * large: the retry runs at once); answers the same response.
 */
async function settle(ctx: ApiContext, { scope, key }: KeyedRequest, claim: string, response: Response): Promise<Response> {
  const body = response.status >= 500 ? "" : await response.text();
  const answer: StoredAnswer = { status: response.status, headers: {}, body };
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) answer.headers[name] = value;
  }
  const keep = !isTransient(response.status) && body.length <= MAX_KEPT_BODY_CHARACTERS;
  // A failed write leaves the key 'running' until it goes stale; the caller has its answer either way.
  const settled = (keep ? storeAnswer(scope, key, claim, answer) : releaseKey(scope, key, claim))
    .prepare(ctx.db)
    .run()
    .catch((error: unknown) => console.error("idempotency key not settled", error));
  if (keep) ctx.waitUntil(settled);
  else await settled;
  if (response.status >= 500) return response;
  return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * The route table's idempotency step: runs `execute` directly unless the request is a
 * keyed write; then once per caller and key, replaying the kept answer to repeats.
 * `handlerKeepsKey`: the handler's own write is the key's record (ctx.keyedRequest): nothing is claimed or kept
 * here, and its answer goes out as it is.
 */
export async function withIdempotency<C extends ApiContext>(
  ctx: C,
  execute: (ctx: C) => Promise<Response>,
  { handlerKeepsKey = false } = {},
): Promise<Response> {
  const key = ctx.request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null || !WRITE_METHODS.has(ctx.request.method)) return execute(ctx);
  let keyRequest: KeyedRequest;
  let request: Request;
  try {
    if (!VALID_KEY.test(key)) throw fail(400, MESSAGES.invalid, "idempotency_key_invalid", { field: "Idempotency-Key" });
    const hadBody = ctx.request.body !== null;
    const body = await readBody(ctx.request);
    request = new Request(ctx.request.url, { method: ctx.request.method, headers: ctx.request.headers, body: hadBody ? body : null });
    const [scope, fingerprint] = await Promise.all([callerScope(ctx.request), fingerprintOf(ctx.request, ctx.url, body)]);
    keyRequest = { scope, key, fingerprint };
  } catch (error) {
    return failureResponse(error, ctx.meta);
  }
  if (handlerKeepsKey) return execute({ ...ctx, request, keyedRequest: keyRequest });
  let turn: Turn;
  try {
    // The key's row is a write: after the request passed its per-IP limit (core/route.ts readsBesideLimit).
    await ctx.limitPassed;
    turn = await takeTurn(ctx, keyRequest);
  } catch (error) {
    return failureResponse(error, ctx.meta);
  }
  if (turn.kind === "replay") return replayed(turn.answer);
  return settle(ctx, keyRequest, turn.claim, await execute({ ...ctx, request }));
}

const replayed = (answer: StoredAnswer): Response => answerResponse(answer, { [REPLAYED_HEADER]: "true" });

/** The cron's cleanup: deletes the keys whose 24 hours are over; answers how many. */
export async function deleteExpiredIdempotencyKeys(db: D1Database, now: Date): Promise<number> {
  const result = await deleteExpiredKeys(now).prepare(db).run();
  return result.meta.changes ?? 0;
}
