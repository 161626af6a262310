/**
 * A local worker that reloads without a gap. Miniflare reloads by restarting workerd, which resets the connections
 * it holds and refuses new ones until it listens again; `wrangler dev` hides that behind its proxy worker. Here a
 * small HTTP front on the worker's port does the same: each request goes to the worker started last, a reload
 * starts a new worker beside the old one and sends the requests that follow to it, and the old one is stopped once
 * its requests have been answered. Clients keep their connections to the front throughout.
 */
import http from "node:http";
import { mkdirSync, rmSync, watch, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import type { LocalWorker } from "./local-worker";

/** A started worker, on a port of its own. */
export interface Backend {
  origin: string;
  stop(): Promise<void>;
}

export interface ReloadingFrontOptions {
  /** The port clients use (0: one the system picks; the answer's origin names it). */
  port: number;
  /** Starts one more worker (the same options; it lists its files when it starts). */
  start(): Promise<Backend>;
  /** A file whose modification asks for a reload (local-worker.ts reloadTrigger); created here, removed on stop. */
  trigger: string;
  /** How long an old worker runs on at least after a reload, so a queue batch it holds is delivered (default 3 s). */
  overlapMs?: number;
  log?: (line: string) => void;
}

/** Headers of one connection only, which the front sets for its own connections. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "upgrade", "te", "trailer"]);
/** An answer's framing, which Node sets again for the client; a request's is kept, so its body streams on as it came. */
const FRAMING = "transfer-encoding";

/** The old worker's longest wait for its last answers. */
const DRAIN_LIMIT_MS = 30_000;
/** Longer than the rebuild queue's batch timeout (wrangler.jsonc max_batch_timeout, 2 s). */
const QUEUE_BATCH_MS = 3_000;

class Live {
  active = 0;
  private idle: (() => void) | null = null;
  readonly url: URL;

  constructor(readonly backend: Backend) {
    this.url = new URL(backend.origin);
  }

  begin(): () => void {
    this.active++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.active === 0) this.idle?.();
    };
  }

  /** Stops the worker once its requests are answered (at most DRAIN_LIMIT_MS), and not before `overlapMs`. */
  async retire(overlapMs: number): Promise<void> {
    const answered = this.active === 0 ? Promise.resolve() : new Promise<void>((resolve) => (this.idle = resolve));
    const limit = new Promise<void>((resolve) => setTimeout(resolve, DRAIN_LIMIT_MS).unref());
    await Promise.all([Promise.race([answered, limit]), new Promise((resolve) => setTimeout(resolve, overlapMs).unref())]);
    await this.backend.stop();
  }
}

function responseHeaders(raw: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!HOP_BY_HOP.has(name) && name !== FRAMING) kept.push(raw[i]!, raw[i + 1]!);
  }
  return kept;
}

function requestHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

export async function startReloadingFront(options: ReloadingFrontOptions): Promise<LocalWorker> {
  const agent = new http.Agent({ keepAlive: true });
  let current = new Live(await options.start());
  const retiring = new Set<Promise<void>>();

  const server = http.createServer((request, response) => {
    const live = current;
    const end = live.begin();
    response.once("close", end);
    const upstream = http.request(
      { host: live.url.hostname, port: live.url.port, method: request.method, path: request.url, headers: requestHeaders(request.headers), agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer.rawHeaders));
        answer.pipe(response);
      },
    );
    upstream.once("error", (error) => {
      if (response.headersSent) return void response.destroy(error);
      response.writeHead(502, { "content-type": "text/plain; charset=utf-8" }).end(`The local worker did not answer: ${error.message}\n`);
    });
    response.once("close", () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });

  let reloading: Promise<void> = Promise.resolve();
  let asked = false;
  const reload = async () => {
    asked = false;
    const started = Date.now();
    const next = new Live(await options.start());
    options.log?.(`[worker] reloaded in ${Date.now() - started} ms; the requests that follow go to the new worker`);
    const old = current;
    current = next;
    const retired = old
      .retire(options.overlapMs ?? QUEUE_BATCH_MS)
      .catch((error: unknown) => options.log?.(`[worker] an old worker did not stop: ${String(error)}`));
    retiring.add(retired);
    void retired.finally(() => retiring.delete(retired));
  };
  mkdirSync(dirname(options.trigger), { recursive: true });
  writeFileSync(options.trigger, `${new Date().toISOString()}\n`);
  // Touches during a reload ask for one more after it, so the last publish is always listed.
  const watcher = watch(options.trigger, () => {
    if (asked) return;
    asked = true;
    reloading = reloading
      .then(reload)
      .catch((error: unknown) => options.log?.(`[worker] reload failed: ${error instanceof Error ? error.message : String(error)}`));
  });

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      watcher.close();
      await reloading;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
      await Promise.all([...retiring, current.backend.stop()]);
      rmSync(options.trigger, { force: true });
    },
  };
}
