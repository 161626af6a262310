/**
 * The shop API's builder API (worker/shop-api/rebuilds/, bearer BUILDER_TOKEN): claim the
 * next due build with a lease, report progress (which extends the lease), finish it.
 */
import { request } from "node:http";
import type { ReceivedEnvelope } from "@domain/api/envelope";
import type {
  BuilderPublish as PublishAnswer,
  BuildFinished,
  BuildProgressAnswer,
  BuildProgressRequest,
  ClaimedBuild,
  ClaimResult as ClaimAnswer,
  FinishReport,
  SweepResult,
} from "@domain/api/builder";
import type { BuildPhase } from "@domain/back-office/publishing";

/** The builder API's answers (the wire contract, domain/api/builder.ts). */
export type { ClaimAnswer, ClaimedBuild, FinishReport, PublishAnswer };

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

export interface BuilderApiOptions {
  /** The shop API's origin (locally the worker: http://localhost:8787). */
  origin: string;
  token: string;
  /** Names this builder in leases: host-pid. */
  builder: string;
  /**
   * The Host to send (the back-office host, e.g. admin.localhost:8787: the local worker's edge
   * forwards /admin/* to the shop API only there); plain HTTP only. Default: the origin's.
   */
  host?: string;
  timeoutMs?: number;
}

interface Answer {
  status: number;
  statusText: string;
  text: string;
}

function postWithHost(url: URL, host: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<Answer> {
  if (url.protocol !== "http:") throw new Error(`a Host other than the origin's needs a plain http origin (got ${url.origin})`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || 80,
        path: url.pathname + url.search,
        method: "POST",
        headers: { ...headers, host },
        timeout: timeoutMs,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", text }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

export function builderApi(options: BuilderApiOptions) {
  const { builder } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function post<T>(path: string, body: unknown): Promise<T> {
    const url = new URL(path, options.origin);
    const headers = { authorization: `Bearer ${options.token}`, "content-type": "application/json" };
    let answer: Answer;
    try {
      if (options.host) answer = await postWithHost(url, options.host, headers, JSON.stringify(body), timeoutMs);
      else {
        const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
        answer = { status: response.status, statusText: response.statusText, text: await response.text() };
      }
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
      throw new BuilderApiError(`the shop API at ${options.origin} did not answer ${path}: ${(error as Error).message}${cause ? ` (${cause})` : ""}`, 0, null);
    }
    let envelope: ReceivedEnvelope<T> | null = null;
    try {
      envelope = JSON.parse(answer.text) as ReceivedEnvelope<T>;
    } catch {
      envelope = null;
    }
    if (answer.status >= 200 && answer.status < 300 && envelope && envelope.data !== undefined) return envelope.data as T;
    const code = envelope?.errors?.[0]?.code ?? null;
    const message = envelope?.errors?.map((error) => error.message).join("; ") || answer.statusText;
    throw new BuilderApiError(`${path}: HTTP ${answer.status} ${message}`, answer.status, code);
  }

  async function claimAnswer(shops?: string[]): Promise<ClaimAnswer> {
    const data = await post<Partial<ClaimAnswer> | null>("/admin/builder/claim", { builder, ...(shops && shops.length > 0 ? { shops } : {}) });
    return { build: data?.build ?? null, nextDueAt: data?.nextDueAt ?? null, pending: data?.pending ?? null };
  }

  return {
    builder,
    async claim(shops?: string[]): Promise<ClaimedBuild | null> {
      return (await claimAnswer(shops)).build;
    },
    claimAnswer,
    /** Publish now of the shops, carrying every request that waits for them (the builds a drain then runs). */
    async publish(shops: string[], actor?: string): Promise<PublishAnswer> {
      return post<PublishAnswer>("/admin/builder/publish", { shops, ...(actor ? { actor } : {}) });
    },
    async progress(id: number, phase: BuildPhase, done: number, total: number): Promise<void> {
      try {
        const body: BuildProgressRequest = { builder, phase, done, total };
        await post<BuildProgressAnswer>(`/admin/builder/builds/${id}/progress`, body);
      } catch (error) {
        if (error instanceof BuilderApiError && error.status === 409) throw new LeaseLostError(id);
        throw error;
      }
    },
    async finish(id: number, report: FinishReport): Promise<void> {
      try {
        await post<BuildFinished>(`/admin/builder/builds/${id}/finish`, { builder, ...report });
      } catch (error) {
        if (error instanceof BuilderApiError && error.status === 409) throw new LeaseLostError(id);
        throw error;
      }
    },
    /** Enqueues the rebuild requests that wait (the import's), without waiting for the queue's batch window. */
    async sweep(): Promise<SweepResult> {
      return post<SweepResult>("/admin/builder/sweep", {});
    },
  };
}

export type BuilderApi = ReturnType<typeof builderApi>;
