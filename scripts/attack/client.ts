/**
 * The attack battery's HTTP client: raw requests through node:http (the path goes out as
 * written, `//evil.com` and `/../` included, which fetch would normalise), to a loopback
 * origin only, each with a time limit, the whole run with a request budget, every
 * request with a client address from 198.18.0.0/15 (RFC 2544) as `cf-connecting-ip`, vouched for
 * as the local worker's trusted proxy (worker/edge/client-address.ts) so that cases do not share
 * their limits; a case sends `x-trusted-proxy` itself to stand for a client without the secret.
 */
import http from "node:http";
import { isIP } from "node:net";
import { trustedProxyHeaders } from "../lib/local-worker";

/** Refuses any target that is not this machine: 127.0.0.0/8, ::1 or `localhost`. */
export function assertLoopback(origin: string): URL {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`--origin '${origin}' is not a URL`);
  }
  if (url.protocol !== "http:") throw new Error(`--origin must be http:// on loopback (got '${origin}')`);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  const loopback = host === "localhost" || host === "::1" || (isIP(host) === 4 && host.split(".")[0] === "127");
  if (!loopback) throw new Error(`refusing to attack ${url.host}: loopback only (127.0.0.0/8, ::1, localhost)`);
  return url;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the body received (the text is kept up to MAX_BODY_TEXT). */
  bytes: number;
}

export interface Send {
  method?: string;
  /** Sent as written (no normalisation). */
  path: string;
  /** The Host header; default the shop's. */
  host?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Client address sent as cf-connecting-ip; default a fresh one. */
  ip?: string;
}

const MAX_BODY_TEXT = 1024 * 1024;

export interface ClientOptions {
  origin: URL;
  /** Host header of the shop under attack. */
  host: string;
  timeoutMs: number;
  maxRequests: number;
}

/** Client addresses from 198.18.0.0/15 starting at a random place, so runs on the same day do not meet each other's limits. */
export function addressAllocator(start = Math.floor(Math.random() * 131_072)): () => string {
  let n = start;
  return () => {
    const i = n++ % 131_072;
    return `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
  };
}

export class Client {
  sent = 0;
  readonly nextIp = addressAllocator();

  constructor(readonly options: ClientOptions) {}

  send(request: Send): Promise<Answer> {
    if (this.sent >= this.options.maxRequests) return Promise.reject(new Error(`request budget of ${this.options.maxRequests} spent`));
    this.sent++;
    const { origin, timeoutMs } = this.options;
    const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
    const headers: Record<string, string> = {
      host: request.host ?? this.options.host,
      ...trustedProxyHeaders(request.ip ?? this.nextIp()),
      "user-agent": "floorshop-attack",
      ...(body ? { "content-length": String(body.length) } : {}),
      ...request.headers,
    };
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const done = (fn: () => void) => {
        if (!settled) {
          settled = true;
          fn();
        }
      };
      const req = http.request(
        {
          host: origin.hostname.replace(/^\[(.*)\]$/, "$1"),
          port: origin.port || 80,
          method: request.method ?? "GET",
          path: request.path,
          headers,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          res.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes - chunk.length < MAX_BODY_TEXT) chunks.push(chunk);
          });
          res.on("end", () => done(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8"), bytes })));
          res.on("error", (error) => done(() => reject(error)));
        },
      );
      req.setTimeout(timeoutMs, () => {
        req.destroy(new Error(`no answer within ${timeoutMs} ms`));
      });
      // A server may answer (413) and close before the whole body went out: the answer counts, not the write error.
      req.on("error", (error) => setTimeout(() => done(() => reject(error)), 200));
      if (body) req.end(body);
      else req.end();
    });
  }
}

/** The first value of a header. */
export function header(answer: Answer, name: string): string | undefined {
  const value = answer.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Every Set-Cookie line of an answer. */
export function setCookies(answer: Answer): string[] {
  return answer.headers["set-cookie"] ?? [];
}

/** The `name=value` part of the first Set-Cookie line, for a Cookie header. */
export function cookieOf(answer: Answer): string | undefined {
  return setCookies(answer)[0]?.split(";")[0];
}

/** The envelope's error codes of a JSON answer (`invalid,invalid_date`), if any. */
export function errorCode(answer: Answer): string | undefined {
  try {
    const parsed = JSON.parse(answer.body) as { errors?: { code?: string }[] };
    const codes = (parsed.errors ?? []).flatMap((error) => (error.code ? [error.code] : []));
    return codes.length ? [...new Set(codes)].join(",") : undefined;
  } catch {
    return undefined;
  }
}

/** `status` plus the error code when there is one: `400 invalid`. */
export function statusLine(answer: Answer): string {
  const code = errorCode(answer);
  return code ? `${answer.status} ${code}` : String(answer.status);
}
