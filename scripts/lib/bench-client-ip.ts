/**
 * A different client address for every benchmark request, from 198.18.0.0/15 (the range
 * RFC 2544 sets aside for benchmarks), sent as CF-Connecting-IP: the shop API's per-IP rate
 * limits (docs/decisions/0024) would otherwise refuse a benchmark's loop after a few dozen
 * writes. Locally workerd keeps a CF-Connecting-IP the request brings; on Cloudflare the
 * header is always the real client address.
 */
let sent = 0;

export function benchClientIp(): string {
  const n = sent++ % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}
