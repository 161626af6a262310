import type { MiddlewareHandler } from "hono";
import { readLimitedBody } from "../lib/read-limited-body";
import type { EdgeContext, EdgeEnv } from "./context";

/** Requests with a larger limit whose bodies stream through unread (uploads: the shop API counts their bytes as it parses). */
export interface StreamedBodies {
  maxBytes: number;
  matches(c: EdgeContext): boolean;
}

/**
 * Request bodies over the configured limit (edge.maxBodyBytes) get 413 before any
 * upstream call. A declared Content-Length is checked first; a body without one
 * (chunked) is read up to the limit and then kept in memory for the next pieces.
 * `streamed` requests (uploads) have their own limit for the declared Content-Length
 * and are not read here.
 */
export function bodyLimit(maxBytes: number, streamed?: StreamedBodies): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const request = c.req.raw;
    if (request.method === "GET" || request.method === "HEAD" || !request.body) return next();
    const streams = streamed !== undefined && streamed.matches(c);
    const limit = streams ? streamed.maxBytes : maxBytes;
    const declared = request.headers.get("content-length");
    if (declared !== null) {
      if (!/^\d{1,15}$/.test(declared.trim())) return tooLarge(400, "Invalid Content-Length.");
      if (Number(declared) > limit) return tooLarge(413, `The request body is larger than ${limit} bytes.`);
    }
    if (streams) return next();
    const body = await readLimitedBody(request.body, maxBytes);
    if (body === null) return tooLarge(413, `The request body is larger than ${maxBytes} bytes.`);
    const headers = new Headers(request.headers);
    headers.delete("content-length");
    c.req.raw = new Request(request.url, { method: request.method, headers, body, redirect: "manual" });
    return next();
  };
}

function tooLarge(status: 400 | 413, message: string): Response {
  return Response.json({ status, data: null, errors: [{ message }] }, { status, headers: { "cache-control": "private, no-store", connection: "close" } });
}
