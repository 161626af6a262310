/**
 * Production wiring (docs/decisions/0032): when a shop gets a queued build, its deploy hook
 * starts a build runner (a CI job or Workers Builds) that runs `npm run builder -- --once
 * --shop XX`, which claims the build through the builder API like the local builder does.
 * config `rebuilds.deployHooks` names per shop the environment variable holding the hook's
 * URL (BUILD_HOOK_DE); `<name>_TOKEN`, when set, is sent as bearer token (a GitHub
 * repository_dispatch needs one). The body is a repository_dispatch event
 * `{ event_type: "rebuild", client_payload: { shop, buildId } }`; hooks that take no body
 * (Workers Builds, Pages) ignore it. A shop without a hook, or whose variable is unset, is
 * built by a polling builder (`npm run builder`, what `npm start` runs).
 */
import type { ShopApiEnv } from "@worker/env";
import { settingsOf, type RebuildDeps } from "./settings";

const HOOK_TIMEOUT_MS = 10_000;

export interface HookCall {
  shop: string;
  buildId: number;
}

/** Calls the deploy hook of each build's shop (where one is configured); failures are logged, the sweep calls again for builds left waiting. */
export async function callDeployHooks(env: ShopApiEnv, builds: readonly HookCall[], deps: RebuildDeps): Promise<number> {
  const hooks = settingsOf(deps).deployHooks;
  const variables = env as unknown as Record<string, unknown>;
  const doFetch = deps.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  let called = 0;
  await Promise.all(
    builds.map(async ({ shop, buildId }) => {
      const name = hooks[shop];
      if (!name) return;
      const url = variables[name];
      if (typeof url !== "string" || !/^https?:\/\//.test(url)) {
        console.warn(`deploy hook of ${shop}: ${name} is not set to an http(s) URL, build ${buildId} waits for a polling builder`);
        return;
      }
      const token = variables[`${name}_TOKEN`];
      try {
        const response = await doFetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/vnd.github+json",
            ...(typeof token === "string" && token !== "" ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ event_type: "rebuild", client_payload: { shop, buildId } }),
          signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
        });
        if (!response.ok) console.warn(`deploy hook of ${shop} (${name}) answered ${response.status} for build ${buildId}`);
        else called += 1;
      } catch (error) {
        console.warn(`deploy hook of ${shop} (${name}) failed for build ${buildId}:`, error instanceof Error ? error.message : error);
      }
    }),
  );
  return called;
}
