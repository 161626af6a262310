import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { ExecutionContext } from "hono";
import { shopDirectory } from "@config/shops";
import { createEdgeApp } from "@worker/edge/app";
import type { FetchBinding, WorkerEnv } from "@worker/env";

/**
 * The worker's own cost per page request (what the platform bills and limits as CPU
 * time): the edge app in-process over the same files, against reading the file and
 * building a response. Runs in Node, so no local-runtime overhead is included.
 */
export interface CpuFigures {
  p50: number;
  p99: number;
}

export async function measureEdgeCpu(distRoot: string, page: string, iterations = 3000): Promise<{ edge: CpuFigures; plain: CpuFigures }> {
  const assets: FetchBinding = {
    fetch: async (input) => {
      const url = new URL(typeof input === "string" ? input : input.url);
      try {
        return new Response(readFileSync(join(distRoot, decodeURIComponent(url.pathname))), { headers: { "content-type": "text/html; charset=utf-8" } });
      } catch {
        return new Response(null, { status: 404 });
      }
    },
  };
  const env = { ASSETS: assets, ENVIRONMENT_NAME: "development" } as WorkerEnv;
  const app = createEdgeApp({
    directory: shopDirectory,
    upstream: () => ({ upstream: { name: "none", fetch: async () => new Response(null, { status: 503 }) }, origin: "https://shop-api.internal" }),
  });
  const ctx: ExecutionContext = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
  const edge = await timeEach(iterations, async () => {
    const response = await app.fetch(new Request(`http://de.localhost:8787${page}`), env, ctx);
    if (response.status !== 200) throw new Error(`edge answered ${response.status} for ${page}`);
    await response.arrayBuffer();
  });
  const plain = await timeEach(iterations, async () => {
    const response = await assets.fetch(`https://assets.internal/DE${page}`);
    await response.arrayBuffer();
  });
  return { edge, plain };
}

async function timeEach(iterations: number, run: () => Promise<void>): Promise<CpuFigures> {
  for (let i = 0; i < 200; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)]!, p99: times[Math.floor(times.length * 0.99)]! };
}
