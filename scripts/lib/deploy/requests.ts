/**
 * How the smoke test reaches the new version: deployed, through the environment's own hosts with
 * Cloudflare's version override header (the version is in the deployment at 0 %); in the
 * rehearsal, through a local worker of that version, with the shop's host in the Host header.
 */
import { request as httpRequest } from "node:http";
import type { SmokeAnswer, SmokeRequest } from "./smoke";

const TIMEOUT_MS = 20_000;

/** `Cloudflare-Workers-Version-Overrides: <worker>="<version>"`, plus the Access service token's headers on the hosts that need it. */
export function versionOverrideRequest(options: {
  worker: string;
  version: string;
  accessHosts: string[];
  access: { id: string; secret: string };
}): SmokeRequest {
  return async (host, path, init = {}) => {
    const access: Record<string, string> = options.accessHosts.includes(host)
      ? { "cf-access-client-id": options.access.id, "cf-access-client-secret": options.access.secret }
      : {};
    const response = await fetch(`https://${host}${path}`, {
      method: init.method ?? "GET",
      headers: { ...init.headers, ...access, "cloudflare-workers-version-overrides": `${options.worker}="${options.version}"` },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      body: await response.text(),
      cookies: response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!),
    };
  };
}

/** Requests to a local worker (`origin`), each with the shop's host as Host (the worker picks the shop by it). */
export function localWorkerRequest(origin: string): SmokeRequest {
  const url = new URL(origin);
  return (host, path, init = {}) =>
    new Promise<SmokeAnswer>((resolve, reject) => {
      const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: init.method ?? "GET",
          headers: { ...init.headers, host, ...(payload === undefined ? {} : { "content-length": Buffer.byteLength(payload) }) },
          timeout: TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: res.headers["content-type"] ?? "",
              body: Buffer.concat(chunks).toString("utf8"),
              cookies: (res.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!),
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error(`no answer from ${host}${path} within ${TIMEOUT_MS} ms`)));
      req.on("error", reject);
      req.end(payload);
    });
}
