/**
 * A local node:http stand-in for Loqate's Capture Interactive API (Find v1.10, Retrieve
 * v1.20, json3): it records each request and answers what the test set, as the service
 * answers (JSON `{ Items }`, HTTP 200 also for refusals).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInRequest {
  path: string;
  params: Record<string, string>;
}

export interface StandInAnswer {
  status?: number;
  body: unknown;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
}

export interface LoqateStandIn {
  origin: string;
  requests: StandInRequest[];
  /** What the next calls of a path get (by the path's last segment before the version: Find or Retrieve). */
  answer(kind: "Find" | "Retrieve", answer: StandInAnswer | ((request: StandInRequest) => StandInAnswer)): void;
  close(): Promise<void>;
}

export async function startLoqateStandIn(): Promise<LoqateStandIn> {
  const requests: StandInRequest[] = [];
  const answers: Record<string, StandInAnswer | ((request: StandInRequest) => StandInAnswer)> = {
    Find: { body: { Items: [] } },
    Retrieve: { body: { Items: [] } },
  };
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const server: Server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", "http://stand-in");
    const request = { path: url.pathname, params: Object.fromEntries(url.searchParams) };
    requests.push(request);
    const kind = /\/Capture\/Interactive\/(Find|Retrieve)\//.exec(url.pathname)?.[1];
    const configured = kind ? answers[kind] : undefined;
    const answer: StandInAnswer = !configured ? { status: 404, body: "not found" } : typeof configured === "function" ? configured(request) : configured;
    const send = () => {
      if (outgoing.destroyed) return;
      outgoing.writeHead(answer.status ?? 200, { "content-type": "application/json" });
      outgoing.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
    };
    if (answer.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, answer.delayMs);
      timers.add(timer);
    } else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answer(kind, answer) {
      answers[kind] = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        timers.forEach(clearTimeout);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Find item as Loqate answers it. */
export const findItem = (id: string, type: string, text: string, description: string) => ({
  Id: id,
  Type: type,
  Text: text,
  Highlight: "0-4",
  Description: description,
});
