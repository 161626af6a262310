/**
 * The real shop API served over HTTP on a free port of 127.0.0.1, for tests of clients that
 * reach a deployed shop API over the network (the catalogue import's --origin): every request
 * goes through shopApiCaller (its one route table over the test's bindings), its answer back
 * as it is.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { ShopApiEnv } from "@worker/env";
import type { AddressInfo } from "node:net";
import { shopApiCaller } from "./shop-api";

export interface ShopApiServer {
  origin: string;
  close(): Promise<void>;
}

async function requestOf(incoming: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const body = chunks.length > 0 ? Buffer.concat(chunks) : null;
  return new Request(new URL(incoming.url ?? "/", origin), {
    method: incoming.method,
    headers,
    body: incoming.method === "GET" || incoming.method === "HEAD" ? null : body,
  });
}

export async function serveShopApi(env: ShopApiEnv): Promise<ShopApiServer> {
  const call = shopApiCaller(env);
  let origin = "http://127.0.0.1";
  const server = createServer((incoming, outgoing) => {
    void requestOf(incoming, origin)
      .then(call)
      .then(async (response) => {
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        outgoing.writeHead(500, { "content-type": "text/plain" });
        outgoing.end(String(error));
      });
  });
  // Port 0: the system picks a free port as it binds it, so no other process can take it in between.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
