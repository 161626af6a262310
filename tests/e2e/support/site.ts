import { request as httpRequest } from "node:http";

/**
 * Fetches pages from the test worker (port 8787) by shop host, without DNS for
 * *.localhost: connects to 127.0.0.1 and sends the Host header the worker maps.
 * `cookie` is sent as the Cookie header (the crawl sends the new-search cookie so the
 * gated search page is crawled like the rest).
 */
export interface Fetched {
  status: number;
  body: string;
  location: string | null;
}

export function fetchPage(host: string, path: string, cookie?: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const port = process.env.E2E_PORT ?? host.split(":")[1] ?? "80";
    const req = httpRequest({ host: "127.0.0.1", port: Number(port), path, method: "GET", headers: { host, "user-agent": "crawl-test", ...(cookie ? { cookie } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), location: (res.headers.location as string | undefined) ?? null }));
    });
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`timeout ${host}${path}`)));
    req.end();
  });
}

/** Production origin of a shop (config/shops.json) -> the development host the tests use. */
export const DEV_HOSTS: Record<string, string> = {
  "https://www.bodenhaus.example": "de.localhost:8787",
  "https://www.bodenhaus.example.ch": "ch.localhost:8787",
};
