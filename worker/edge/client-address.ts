import { isLocalEnvironment } from "@config/shop-config";
import type { WorkerEnv } from "../env";
import { CLIENT_IP_HEADER, TRUSTED_PROXY_HEADER } from "../lib/shop-headers";
import { constantTimeEqual } from "./upstream-rules";

/** The shortest TRUSTED_PROXY_SECRET that is taken; a shorter one trusts no proxy. */
export const MIN_PROXY_SECRET_LENGTH = 32;

/**
 * The client address the edge hands the shop API, which keys every per-address rate limit and
 * lockout by it (docs/decisions/0067). Only a value the platform guarantees is taken, never one a
 * client could send:
 *
 * - TRUSTED_PROXY_SECRET set (a deployment behind a proxy of its own, and the local benchmarks):
 *   the CF-Connecting-IP of a request that carries the secret in `x-trusted-proxy`; the proxy
 *   overwrites both headers. A request without the secret has no address.
 * - Otherwise on Cloudflare (a deployed environment): the request's CF-Connecting-IP, which
 *   Cloudflare sets to the address of the incoming connection, replacing a value a client sent.
 * - Otherwise (local workerd, where a client's own CF-Connecting-IP passes through): no address.
 *
 * A request without an address counts in the shop API's one shared `unknown` count, so a
 * client gains nothing by rotating a header. Whatever the client sent as CF-Connecting-IP,
 * X-Forwarded-For, X-Real-IP or `x-trusted-proxy` never goes upstream.
 */
export async function clientAddress(request: Request, env: Pick<WorkerEnv, "ENVIRONMENT_NAME" | "TRUSTED_PROXY_SECRET"> | undefined): Promise<string | null> {
  const address = request.headers.get(CLIENT_IP_HEADER)?.trim() || null;
  const secret = env?.TRUSTED_PROXY_SECRET;
  if (secret) {
    const proof = request.headers.get(TRUSTED_PROXY_HEADER);
    if (secret.length < MIN_PROXY_SECRET_LENGTH || proof === null) return null;
    return (await constantTimeEqual(proof, secret)) ? address : null;
  }
  return isLocalEnvironment(env?.ENVIRONMENT_NAME ?? "production") ? null : address;
}
