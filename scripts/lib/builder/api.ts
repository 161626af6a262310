/**
 * The shop API's builder API (worker/shop-api/rebuilds/, bearer BUILDER_TOKEN): claim the
 * next due build with a lease, report progress (which extends the lease), finish it.
 */
import type { BuildPhase } from "./gatsby-progress";

export interface ClaimedBuild {
  id: number;
  shop: string;
  attempt: number;
  /** The rebuild requests (change ids) this build carries. */
  changeIds: number[];
  /** ISO time the lease ends unless extended. */
  leaseUntil: string;
}

export type FinishReport = { ok: true; pages: number; pagesRewritten: number; seconds: number } | { ok: false; error: string };

/** The lease of the build is held by another builder now (409 lease_lost): stop, publish nothing. */
export class LeaseLostError extends Error {
  constructor(readonly buildId: number) {
    super(`build #${buildId}: the lease was lost (another builder holds it now)`);
    this.name = "LeaseLostError";
  }
}

export class BuilderApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "BuilderApiError";
  }
}

interface Envelope<T> {
  data: T | null;
  errors?: { message: string; code?: string }[];
}

export interface BuilderApiOptions {
  /** The shop API's origin (locally the worker: http://localhost:8787). */
  origin: string;
  token: string;
  /** Names this builder in leases: host-pid. */
  builder: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function builderApi(options: BuilderApiOptions) {
  const doFetch = options.fetch ?? fetch;
  const { builder } = options;

  async function post<T>(path: string, body: unknown): Promise<T> {
    const url = new URL(path, options.origin);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new BuilderApiError(`the shop API at ${options.origin} did not answer ${path}: ${(error as Error).message}`, 0, null);
    }
    const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (response.ok && envelope && envelope.data !== undefined) return envelope.data as T;
    const code = envelope?.errors?.[0]?.code ?? null;
    const message = envelope?.errors?.map((error) => error.message).join("; ") || response.statusText;
    throw new BuilderApiError(`${path}: HTTP ${response.status} ${message}`, response.status, code);
  }

  return {
    builder,
    async claim(shops?: string[]): Promise<ClaimedBuild | null> {
      const data = await post<{ build: ClaimedBuild | null }>("/admin/builder/claim", { builder, ...(shops && shops.length > 0 ? { shops } : {}) });
      return data?.build ?? null;
    },
    async progress(id: number, phase: BuildPhase, done: number, total: number): Promise<void> {
      try {
        await post(`/admin/builder/builds/${id}/progress`, { builder, phase, done, total });
      } catch (error) {
        if (error instanceof BuilderApiError && error.status === 409) throw new LeaseLostError(id);
        throw error;
      }
    },
    async finish(id: number, report: FinishReport): Promise<void> {
      try {
        await post(`/admin/builder/builds/${id}/finish`, { builder, ...report });
      } catch (error) {
        if (error instanceof BuilderApiError && error.status === 409) throw new LeaseLostError(id);
        throw error;
      }
    },
    /** Enqueues the rebuild requests that wait (the import's), without waiting for the queue's batch window. */
    async sweep(): Promise<unknown> {
      return post("/admin/builder/sweep", {});
    },
  };
}

export type BuilderApi = ReturnType<typeof builderApi>;
