import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { goLive } from "./import-catalogue";

/** The local worker's builder API, as far as the import uses it: POST /admin/builder/sweep with the builder token. */
function worker(status: number): { server: Server; calls: { url?: string; auth?: string }[] } {
  const calls: { url?: string; auth?: string }[] = [];
  const server = createServer((req, res) => {
    calls.push({ url: `${req.method} ${req.url}`, auth: req.headers.authorization });
    req.resume();
    req.on("end", () => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(status === 200 ? { data: { enqueued: 1 }, errors: [] } : { data: null, errors: [{ message: "Not found", code: "not_found" }] }));
    });
  });
  return { server, calls };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("an import against the local database goes live through the running worker", () => {
  test("the worker is asked to enqueue the rebuild, with the builder token", async () => {
    const { server, calls } = worker(200);
    const origin = await listen(server);
    try {
      expect(await goLive(origin, "b".repeat(40))).toEqual({ kind: "enqueued" });
      expect(calls).toEqual([{ url: "POST /admin/builder/sweep", auth: `Bearer ${"b".repeat(40)}` }]);
    } finally {
      server.close();
    }
  });

  test("no worker: the import says so instead of failing", async () => {
    const { server } = worker(200);
    const origin = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    expect(await goLive(origin, "b".repeat(40))).toEqual({ kind: "no-worker" });
  });

  test("a worker that refuses (an older one without the builder API) is named with its answer", async () => {
    const { server } = worker(404);
    const origin = await listen(server);
    try {
      expect(await goLive(origin, "b".repeat(40))).toEqual({ kind: "refused", message: "/admin/builder/sweep: HTTP 404 Not found" });
    } finally {
      server.close();
    }
  });
});
