/**
 * A local node:http stand-in for Loqate's Capture Interactive API (Find v1.10, Retrieve
 * v1.20, json3): it records each request and answers what the test set, as the service
 * answers (JSON `{ Items }`, HTTP 200 also for refusals).
 */
import { startJsonStandIn, type StandInAnswer } from "./json-stand-in";

export type { StandInAnswer };

export interface StandInRequest {
  path: string;
  params: Record<string, string>;
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
  const server = await startJsonStandIn((incoming) => {
    const url = new URL(incoming.url ?? "/", "http://stand-in");
    const request = { path: url.pathname, params: Object.fromEntries(url.searchParams) };
    requests.push(request);
    const kind = /\/Capture\/Interactive\/(Find|Retrieve)\//.exec(url.pathname)?.[1];
    const configured = kind ? answers[kind] : undefined;
    return !configured ? { status: 404, body: "not found" } : typeof configured === "function" ? configured(request) : configured;
  });
  return {
    origin: server.origin,
    requests,
    answer(kind, answer) {
      answers[kind] = answer;
    },
    close: server.close,
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
