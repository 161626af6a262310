import http from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startReloadingFront, type Backend } from "./reloading-front";
import type { LocalWorker } from "./local-worker";

/** A stand-in worker: answers with its name, the request it got, two cookies; `/slow` is held (holding) until `release`. */
async function backend(name: string, stopped: string[]): Promise<Backend & { release(): void; holding(): boolean }> {
  let release: (() => void) | null = null;
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const answer = () =>
        response
          .writeHead(
            201,
            [
              ["x-worker", name],
              ["set-cookie", "a=1"],
              ["set-cookie", "b=2"],
              ["connection", "close"],
            ].flat(),
          )
          .end(JSON.stringify({ name, method: request.method, url: request.url, host: request.headers.host, body }));
      if (request.url === "/slow") release = answer;
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: () => release?.(),
    holding: () => release !== null,
    stop: () =>
      new Promise<void>((resolve) => {
        stopped.push(name);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { name: string; method: string; url: string; host: string; body: string } | string;
}

/** One request through the front on a kept-alive connection, as a browser sends them. */
function send(port: number, agent: http.Agent, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path, method: body ? "POST" : "GET", agent, headers: { host: "de.localhost:8797" } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => {
          let parsed: Answer["body"] = text;
          try {
            parsed = JSON.parse(text) as Answer["body"];
          } catch {
            // not JSON: the front's own answer
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const nameOf = (answer: Answer) => (typeof answer.body === "string" ? answer.body : answer.body.name);

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
}

describe("the reloading front of the browser tests' worker", () => {
  let dir: string;
  let front: LocalWorker | null;
  let agent: http.Agent;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "front-"));
    front = null;
    agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  });
  afterEach(async () => {
    agent.destroy();
    await front?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(names: string[], stopped: string[]) {
    const started: (Backend & { release(): void; holding(): boolean })[] = [];
    const trigger = join(dir, "reload", "front");
    front = await startReloadingFront({
      port: 0,
      trigger,
      overlapMs: 0,
      start: async () => {
        const next = await backend(names[started.length]!, stopped);
        started.push(next);
        return next;
      },
    });
    const touch = () => {
      const now = new Date(Date.now() + 1000 * started.length);
      utimesSync(trigger, now, now);
    };
    const port = Number(new URL(front.origin).port);
    return { port, started, trigger, touch };
  }

  test("passes requests and answers through whole: method, path, Host, body, status and every Set-Cookie", async () => {
    const { port } = await start(["first"], []);
    const answer = await send(port, agent, "/apiv2/cart/?a=1", '{"sku":"X"}');
    expect(answer.status).toBe(201);
    expect(answer.headers["x-worker"]).toBe("first");
    expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    // The worker's own connection header is its connection's, not the client's: the client's stays open.
    expect(answer.headers.connection).not.toBe("close");
    expect(answer.body).toEqual({ name: "first", method: "POST", url: "/apiv2/cart/?a=1", host: "de.localhost:8797", body: '{"sku":"X"}' });
  });

  test("a touch of the trigger starts a new worker: the requests that follow go to it, one in flight is answered by the old, which is stopped after", async () => {
    const stopped: string[] = [];
    const { port, started, trigger, touch } = await start(["first", "second"], stopped);
    expect(existsSync(trigger)).toBe(true);
    expect(nameOf(await send(port, agent, "/"))).toBe("first");
    const slow = send(port, agent, "/slow");
    await until(() => started[0]!.holding());
    touch();
    await until(() => started.length === 2);
    // The same kept-alive connections of the client now reach the new worker.
    expect(nameOf(await send(port, agent, "/"))).toBe("second");
    expect(stopped).toEqual([]);
    started[0]!.release();
    expect(nameOf(await slow)).toBe("first");
    await until(() => stopped.length === 1);
    expect(stopped).toEqual(["first"]);
    expect(nameOf(await send(port, agent, "/page"))).toBe("second");
  });

  test("a worker that does not answer gives 502 with the reason, and the front goes on", async () => {
    const { port, started } = await start(["first"], []);
    await started[0]!.stop();
    const answer = await send(port, agent, "/");
    expect(answer.status).toBe(502);
    expect(answer.body).toMatch(/^The local worker did not answer: /);
    expect((await send(port, agent, "/")).status).toBe(502);
  });

  test("stop closes the front, stops the worker and removes the trigger", async () => {
    const stopped: string[] = [];
    const { port, trigger } = await start(["first"], stopped);
    await front!.stop();
    front = null;
    expect(stopped).toEqual(["first"]);
    expect(existsSync(trigger)).toBe(false);
    await expect(send(port, new http.Agent(), "/")).rejects.toThrow(/ECONNREFUSED/);
  });
});
