/**
 * A local node:http stand-in for Kit's API v4 (the calls the newsletter's adapter makes): it
 * records each request and answers what the test set, as Kit answers (JSON; errors as
 * `{errors: [...]}`), by default as a Kit account would: subscribers created, added to forms,
 * found by their address and unsubscribed.
 */
import { startJsonStandIn, type StandInAnswer } from "./json-stand-in";

export interface KitRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  apiKey: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export type KitAnswer = StandInAnswer;

export type KitResponder = (request: KitRequest) => KitAnswer | undefined;

export interface KitStandIn {
  origin: string;
  requests: KitRequest[];
  /** Answers of the next requests: the first responder that answers wins; else the account's default. */
  respond(responder: KitResponder): void;
  /** The stand-in's subscribers (address -> {id, state}). */
  subscribers: Map<string, { id: number; state: string; firstName: string; forms: Set<string> }>;
  reset(): void;
  close(): Promise<void>;
}

export async function startKitStandIn(): Promise<KitStandIn> {
  const requests: KitRequest[] = [];
  let responders: KitResponder[] = [];
  const subscribers = new Map<string, { id: number; state: string; firstName: string; forms: Set<string> }>();
  let nextId = 1000;

  const account = (request: KitRequest): KitAnswer => {
    const body = (request.body ?? {}) as Record<string, string>;
    if (request.method === "POST" && request.path === "/v4/subscribers") {
      const existing = subscribers.get(body.email_address!);
      const subscriber = existing ?? { id: nextId++, state: body.state ?? "active", firstName: body.first_name ?? "", forms: new Set<string>() };
      subscriber.firstName = body.first_name ?? subscriber.firstName;
      subscribers.set(body.email_address!, subscriber);
      return { status: existing ? 200 : 201, body: { subscriber: { id: subscriber.id, email_address: body.email_address, state: subscriber.state } } };
    }
    const form = /^\/v4\/forms\/(\d+)\/subscribers$/.exec(request.path);
    if (request.method === "POST" && form) {
      const subscriber = subscribers.get(body.email_address!);
      if (!subscriber) return { status: 404, body: { errors: ["Not Found"] } };
      const added = !subscriber.forms.has(form[1]!);
      subscriber.forms.add(form[1]!);
      subscriber.state = "active";
      return { status: added ? 201 : 200, body: { subscriber: { id: subscriber.id, email_address: body.email_address, state: subscriber.state } } };
    }
    if (request.method === "GET" && request.path === "/v4/subscribers") {
      const found = [...subscribers.entries()].filter(([email]) => email === request.query.email_address);
      return { body: { subscribers: found.map(([email, s]) => ({ id: s.id, email_address: email, state: s.state })), pagination: {} } };
    }
    const unsubscribe = /^\/v4\/subscribers\/(\d+)\/unsubscribe$/.exec(request.path);
    if (request.method === "POST" && unsubscribe) {
      const entry = [...subscribers.values()].find((s) => String(s.id) === unsubscribe[1]);
      if (!entry) return { status: 404, body: { errors: ["Not Found"] } };
      entry.state = "cancelled";
      return { status: 204, body: "" };
    }
    return { status: 404, body: { errors: ["Not Found"] } };
  };

  const server = await startJsonStandIn((incoming, raw) => {
    const url = new URL(incoming.url ?? "/", "http://stand-in");
    let body: unknown = undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const request: KitRequest = {
      method: incoming.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      apiKey: incoming.headers["x-kit-api-key"] as string | undefined,
      contentType: incoming.headers["content-type"],
      body,
    };
    requests.push(request);
    for (const responder of responders) {
      const answer = responder(request);
      if (answer) return answer;
    }
    return account(request);
  });
  return {
    origin: server.origin,
    requests,
    subscribers,
    respond(responder) {
      responders.push(responder);
    },
    reset() {
      requests.length = 0;
      responders = [];
      subscribers.clear();
    },
    close: server.close,
  };
}
