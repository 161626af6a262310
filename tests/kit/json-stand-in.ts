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
