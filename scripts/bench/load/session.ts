/**
 * One virtual shopper of `npm run bench:load`: a session with its own client address (the
 * bench client-IP helper, taken once per shopper: the per-IP limits see one shopper as one
 * client), its own cookies as the edge sets them, and the headers the storefront's client
 * sends (same-origin fetch metadata on every call, JSON, an Idempotency-Key where the site
 * sends one, the solved captcha). Every request is timed and recorded under its kind.
 */
import http from "node:http";
import { randomUUID } from "node:crypto";
import { benchClientHeaders } from "../../lib/bench-client-ip";
import type { StepRecorder } from "./stats";

interface SessionOptions {
  port: number;
  /** The shop's host (the edge picks the shop by it). */
  host: string;
  /** Where every request is recorded (the step that runs). */
  recorder: () => StepRecorder;
}

interface Answer {
  status: number;
  body: string;
}

interface CallOptions {
  body?: unknown;
  /** Answers counted as expected (default 200). */
  expect?: readonly number[];
  headers?: Record<string, string>;
  /** Sends an Idempotency-Key (a fresh one) as the site does on checkout and account writes. */
  idempotent?: boolean;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export class ShopperSession {
  /** One client address per shopper, vouched for as the local worker's trusted proxy. */
  private readonly client = benchClientHeaders();
  private readonly cookies = new Map<string, string>();

  constructor(private readonly options: SessionOptions) {}

  async call(kind: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      host: this.options.host,
      accept: path.startsWith("/api") ? "application/json" : "text/html",
      ...this.client,
      "user-agent": "bench-load",
      "sec-fetch-site": "same-origin",
      ...(options.headers ?? {}),
    };
    if (method !== "GET") headers.origin = `http://${this.options.host}`;
    if (options.idempotent) headers["idempotency-key"] = randomUUID();
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(payload));
    }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const started = process.hrtime.bigint();
    const answer = await this.send(method, path, headers, payload);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    this.options.recorder().record(kind, ms, answer.status, (options.expect ?? [200]).includes(answer.status), `${method} ${path}`);
    return answer;
  }

  private send(method: string, path: string, headers: Record<string, string>, payload: string | undefined): Promise<Answer> {
    return new Promise((resolve) => {
      const request = http.request({ host: "127.0.0.1", port: this.options.port, method, path, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          for (const cookie of response.headers["set-cookie"] ?? []) {
            const match = /^([^=;]+)=([^;]*)/.exec(cookie);
            if (!match) continue;
            if (match[2] === "") this.cookies.delete(match[1]!);
            else this.cookies.set(match[1]!, match[2]!);
          }
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
        });
        response.on("error", () => resolve({ status: 0, body: "" }));
      });
      // No answer at all (refused, reset) counts as status 0.
      request.on("error", () => resolve({ status: 0, body: "" }));
      if (payload !== undefined) request.write(payload);
      request.end();
    });
  }
}

/** Ends the keep-alive connections of all sessions. */
export function closeSessions(): void {
  agent.destroy();
}
