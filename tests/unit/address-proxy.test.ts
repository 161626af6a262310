/**
 * The browser tests' address proxy (tests/e2e/support/address-proxy.ts): requests to the worker's port
 * carry the trusted proxy's headers with the lane's address, every other request passes without them,
 * and answers come back whole.
 */
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { startAddressProxy, type AddressProxy } from "@tests/e2e/support/address-proxy";
import { localSecret } from "@scripts/lib/local-worker";
import { CLIENT_IP_HEADER, TRUSTED_PROXY_HEADER } from "@worker/lib/shop-headers";

interface Upstream {
  port: number;
  seen: { url: string; headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

/** A server that records what reaches it and answers 201 with a header and a body. */
function upstream(): Promise<Upstream> {
  const seen: Upstream["seen"] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      seen.push({ url: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(201, { "x-answer": "yes", "set-cookie": ["a=1", "b=2"] }).end("answered");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ port: (server.address() as AddressInfo).port, seen, close: () => new Promise((done) => server.close(() => done())) }),
    ),
  );
}

/** A request through the proxy, in the absolute form a browser sends a proxy. */
function viaProxy(proxy: AddressProxy, url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port: proxy.port, method: init.method ?? "GET", path: url, headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

let worker: Upstream;
let other: Upstream;
let proxy: AddressProxy;

beforeAll(async () => {
  [worker, other] = await Promise.all([upstream(), upstream()]);
  proxy = await startAddressProxy({ port: 0, workerPort: worker.port, address: "192.0.2.10" });
});

afterAll(async () => {
  await Promise.all([proxy.close(), worker.close(), other.close()]);
});

test("a request to the worker's port carries the lane's address, vouched for by the local proxy secret, with its own headers, body and Host", async () => {
  const answer = await viaProxy(proxy, `http://de.localhost:${worker.port}/apiv2/cart/?x=1`, {
    method: "POST",
    body: '{"sku":"A"}',
    headers: { host: `de.localhost:${worker.port}`, "content-type": "application/json", "proxy-connection": "keep-alive" },
  });
  expect(answer).toMatchObject({ status: 201, body: "answered" });
  expect(answer.headers["x-answer"]).toBe("yes");
  expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
  const [seen] = worker.seen.splice(0);
  expect(seen).toMatchObject({ url: "/apiv2/cart/?x=1", body: '{"sku":"A"}' });
  expect(seen!.headers).toMatchObject({
    host: `de.localhost:${worker.port}`,
    "content-type": "application/json",
    [CLIENT_IP_HEADER]: "192.0.2.10",
    [TRUSTED_PROXY_HEADER]: localSecret("TRUSTED_PROXY_SECRET"),
  });
  expect(seen!.headers["proxy-connection"]).toBeUndefined();
});

test("a request to any other port passes without the proxy's headers: the secret never leaves for a stand-in", async () => {
  const answer = await viaProxy(proxy, `http://127.0.0.1:${other.port}/widget.js`);
  expect(answer.status).toBe(201);
  const [seen] = other.seen.splice(0);
  expect(seen!.url).toBe("/widget.js");
  expect(seen!.headers[CLIENT_IP_HEADER]).toBeUndefined();
  expect(seen!.headers[TRUSTED_PROXY_HEADER]).toBeUndefined();
});

test("a request that names no absolute URL is refused with 400 and reaches nobody", async () => {
  const answer = await viaProxy(proxy, "/relative");
  expect(answer.status).toBe(400);
  expect(worker.seen).toEqual([]);
  expect(other.seen).toEqual([]);
});

test("an upstream that does not answer gives 502", async () => {
  const gone = await upstream();
  await gone.close();
  const answer = await viaProxy(proxy, `http://127.0.0.1:${gone.port}/`);
  expect(answer.status).toBe(502);
});
