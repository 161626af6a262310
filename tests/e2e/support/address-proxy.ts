import http, { type IncomingHttpHeaders } from "node:http";
import net from "node:net";
import { trustedProxyHeaders } from "@scripts/lib/local-worker";

/**
 * A forward HTTP proxy in front of the browser tests' worker, as a deployment's own proxy stands in
 * front of the shop (worker/edge/client-address.ts): a browser lane whose pages go through it is one
 * client of its own address, so its per-address limits count apart from the other lanes'. Only
 * requests to the worker's port get the trusted proxy's headers; every other request (the payment
 * and widget stand-ins, the mail catcher) passes unchanged, and nothing of the secret leaves for them.
 */
/** The shopper lane's proxy (playwright.config.ts): its port, and its client address (192.0.2.0/24 is for documentation and tests, RFC 5737). */
export const SHOPPER_LANE_PROXY = { port: 8793, address: "192.0.2.10" } as const;

export interface AddressProxy {
  port: number;
  close(): Promise<void>;
}

/** Hop-by-hop headers: they concern one connection, never the next one. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade"]);

function forwardedHeaders(headers: IncomingHttpHeaders, extra: Record<string, string>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return { ...out, ...extra };
}

/** Starts the proxy on `port` (0: any free one) for the worker on `workerPort`, vouching for `address`. */
export function startAddressProxy(options: { port: number; workerPort: number; address: string }): Promise<AddressProxy> {
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? "");
    } catch {
      response.writeHead(400).end("a proxy request names its absolute URL");
      return;
    }
    const toWorker = Number(target.port) === options.workerPort;
    // Loopback hosts (de.localhost, 127.0.0.1) are reached on 127.0.0.1 with their Host header kept.
    const local = target.hostname === "localhost" || target.hostname.endsWith(".localhost") || target.hostname === "127.0.0.1";
    const upstream = http.request(
      {
        host: local ? "127.0.0.1" : target.hostname,
        port: target.port || 80,
        method: request.method,
        path: `${target.pathname}${target.search}`,
        headers: forwardedHeaders(request.headers, toWorker ? trustedProxyHeaders(options.address) : {}),
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, forwardedHeaders(answer.headers, {}));
        answer.pipe(response);
      },
    );
    upstream.on("error", (error) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
    request.pipe(upstream);
  });
  // A tunnel (CONNECT: HTTPS or a WebSocket through the proxy) passes bytes unchanged.
  server.on("connect", (request, client, head) => {
    const [host = "", port = "443"] = (request.url ?? "").split(":");
    const upstream = net.connect(Number(port), host.endsWith("localhost") ? "127.0.0.1" : host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
