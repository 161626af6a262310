/**
 * The HTTP plumbing the local stand-ins of third parties share (Stripe, PayPal, the widgets): a
 * server on 127.0.0.1 at a port (0: a free one), each request's whole body, JSON, HTML and redirect
 * answers, their webhooks posted to a shop's host on this machine, and a close that also ends the
 * connections still open (a browser's kept-alive ones), so that it never waits on them.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";

export interface StandInServer {
  /** `http://127.0.0.1:<port>`, the port the server listens on. */
  origin: string;
  close(): Promise<void>;
}

/** Sends a webhook (its JSON body and headers) to the URL. */
export type Deliver = (url: string, init: { body: string; headers: Record<string, string> }) => Promise<void>;

/** Starts a server on 127.0.0.1:`port` (0: a free one) that answers with `handle`; fails as listen does (EADDRINUSE). */
export async function startStandInServer(port: number, handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>): Promise<StandInServer> {
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The request's whole body as text; a body longer than `maxBytes` is refused with an error. */
export async function readBody(request: IncomingMessage, maxBytes = Number.POSITIVE_INFINITY): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new Error(`request body over ${maxBytes} bytes`);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Answers JSON text as it is (a replayed answer sends the same bytes again), with the stand-in's own headers. */
export function answerJson(response: ServerResponse, status: number, json: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(json);
}

/** Answers an HTML page (a stand-in's hosted page), never kept in a cache. */
export function answerHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  response.end(html);
}

/** Sends the browser on to `location` with a GET (303, as after a form's POST). */
export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location });
  response.end();
}

/** A button of a stand-in's hosted page: POSTs the shopper's `outcome` to `action` (tests click it by its data-outcome). */
export const outcomeButton = (action: string, outcome: string, label: string): string =>
  `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" data-outcome="${outcome}">${label}</button></form>`;

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * POSTs to a shop's host on this machine: `*.localhost` hosts (which Node does not resolve) are
 * reached on 127.0.0.1 with the shop's Host header, as a browser reaches them.
 */
function postLocally(url: string, init: { body: string; headers: Record<string, string> }): Promise<number> {
  const target = new URL(url);
  const hostname = target.hostname === "localhost" || target.hostname.endsWith(".localhost") ? "127.0.0.1" : target.hostname;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { hostname, port: target.port || 80, path: `${target.pathname}${target.search}`, method: "POST", headers: { ...init.headers, host: target.host } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

/** A stand-in's own delivery of its webhooks: POSTed to the shop's host on this machine, the answer's status logged under `name`. */
export function deliverLocally(name: string, log: (line: string) => void): Deliver {
  return async (url, init) => {
    const status = await postLocally(url, init);
    log(`${name}: webhook ${url} answered ${status}`);
  };
}
