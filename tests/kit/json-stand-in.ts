/**
 * A local node:http server standing in for a remote JSON API in Jest (address lookup, the e-mail
 * marketing service): the test's `answer` sees each request with its whole body and says what to
 * answer, after a delay if it asks for one (timeouts); close() ends pending answers too.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInAnswer {
  status?: number;
  /** JSON, or a string sent as it is. */
  body: unknown;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
}

export interface JsonStandIn {
  origin: string;
  close(): Promise<void>;
}

export async function startJsonStandIn(answer: (incoming: IncomingMessage, raw: string) => StandInAnswer): Promise<JsonStandIn> {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const server: Server = createServer((incoming, outgoing) => {
    let raw = "";
    incoming.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    incoming.on("end", () => {
      const reply = answer(incoming, raw);
      const send = () => {
        if (outgoing.destroyed) return;
        outgoing.writeHead(reply.status ?? 200, { "content-type": "application/json" });
        outgoing.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body));
      };
      if (!reply.delayMs) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, reply.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        timers.forEach(clearTimeout);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The time limit a test gives a client of a stand-in: far above any answer on a busy machine, so only the answer decides
 * what the client makes of it; an answer held back (`delayMs`, ten times the short limit at least) meets a limit it
 * cannot make, however slow the machine.
 */
export function limitFor(answer: { delayMs?: number; body?: unknown } | string = {}): number {
  if (typeof answer === "string" || answer.delayMs === undefined) return ANSWER_LIMIT_MS;
  if (answer.delayMs < 10 * HELD_BACK_LIMIT_MS) throw new Error(`hold an answer back at least ${10 * HELD_BACK_LIMIT_MS} ms, not ${answer.delayMs}`);
  return HELD_BACK_LIMIT_MS;
}
const ANSWER_LIMIT_MS = 20_000;
const HELD_BACK_LIMIT_MS = 300;
/** How long a test holds back an answer that must miss the client's limit. */
export const HELD_BACK_MS = 10 * HELD_BACK_LIMIT_MS;
