import { trustedProxyHeaders } from "./local-worker";

/**
 * A different client address for every benchmark request, from 198.18.0.0/15 (the range
 * RFC 2544 sets aside for benchmarks), vouched for as the local worker's trusted proxy
 * (worker/edge/client-address.ts): the shop API's per-IP rate limits (docs/decisions/0024)
 * would otherwise refuse a benchmark's loop after a few dozen writes. A CF-Connecting-IP
 * without the proxy's secret gives no address of its own.
 */
let sent = 0;

function benchClientIp(): string {
  const n = sent++ % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** The headers of a benchmark request from a fresh client address. */
export function benchClientHeaders(): Record<string, string> {
  return trustedProxyHeaders(benchClientIp());
}
