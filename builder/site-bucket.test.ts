import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { encodePutBatch, workerBucketClient } from "./site-bucket";

/** The shop API's builder calls as a local HTTP server whose answers the test scripts. */
describe("the builder's client of the site assets calls", () => {
  let server: Server;
  let origin: string;
  /** The next answers in order; null drops the connection without one. */
  let answers: (((request: IncomingMessage, body: Buffer) => [number, string]) | null)[] = [];
  const seen: { path: string; host: string; authorization: string; bytes: number }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        seen.push({ path: req.url ?? "", host: req.headers.host ?? "", authorization: req.headers.authorization ?? "", bytes: body.length });
        const next = answers.shift();
        if (!next) {
          req.socket.destroy();
          return;
        }
        const [status, text] = next(req, body);
        res.writeHead(status, { "content-type": "application/json" }).end(text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    seen.length = 0;
    answers = [];
  });

  const ok = (data: unknown) => () => [200, JSON.stringify({ status: 200, data, errors: [] })] as [number, string];

  test("a batch goes up as one body with the token and the back-office host; a 503 or a lost connection is sent again", async () => {
    const client = workerBucketClient({ origin, token: "t".repeat(40), host: "admin.localhost:8787" });
    answers = [() => [503, JSON.stringify({ status: 503, data: null, errors: [{ message: "busy", code: "site_assets_unavailable" }] })], ok({ written: 2 })];
    const objects = [
      { key: "sites/FR/blobs/" + "a".repeat(64), bytes: Buffer.from("one") },
      { key: "sites/FR/blobs/" + "b".repeat(64), bytes: Buffer.from("three") },
    ];
    await client.put(objects);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual({
      path: "/admin/builder/site-assets/put",
      host: "admin.localhost:8787",
      authorization: `Bearer ${"t".repeat(40)}`,
      bytes: encodePutBatch(objects).length,
    });
    // A connection dropped without an answer (the server destroys it), then the answer.
    seen.length = 0;
    answers = [null, ok({ keys: ["sites/FR/live.json"], cursor: null })];
    await expect(client.list("sites/FR/")).resolves.toEqual(["sites/FR/live.json"]);
    expect(seen).toHaveLength(2);
  });

  test("refusals are errors naming the call, the status and the code, and are not sent again; list follows the cursor", async () => {
    const client = workerBucketClient({ origin, token: "t".repeat(40) });
    answers = [
      () => [422, JSON.stringify({ status: 422, data: null, errors: [{ message: "is not a site asset key of a configured shop", code: "invalid_key" }] })],
    ];
    await expect(client.put([{ key: "sites/XX/live.json", bytes: Buffer.from("x") }])).rejects.toThrow(
      "site assets put: HTTP 422 is not a site asset key of a configured shop (invalid_key)",
    );
    expect(seen).toHaveLength(1);
    answers = [() => [503, "not json"], () => [503, "not json"], () => [503, "not json"]];
    await expect(client.delete(["sites/FR/live.json"])).rejects.toThrow("site assets delete: HTTP 503 not json");
    expect(seen).toHaveLength(4);
    answers = [ok({ keys: ["a"], cursor: "c1" }), ok({ keys: ["b"], cursor: null })];
    await expect(client.list("sites/FR/")).resolves.toEqual(["a", "b"]);
    answers = [() => [404, JSON.stringify({ status: 404, data: null, errors: [{ message: "Not found", code: "not_found" }] })]];
    await expect(client.get("sites/FR/live.json")).resolves.toBeNull();
  });

  test("a batch is exactly its header and the bytes in order", () => {
    const batch = encodePutBatch([
      { key: "k1", bytes: Buffer.from("ab") },
      { key: "k2", bytes: new Uint8Array([0, 255]) },
    ]);
    const headerLength = batch.readUInt32BE(0);
    expect(JSON.parse(batch.subarray(4, 4 + headerLength).toString())).toEqual({
      objects: [
        { key: "k1", size: 2 },
        { key: "k2", size: 2 },
      ],
    });
    expect([...batch.subarray(4 + headerLength)]).toEqual([97, 98, 0, 255]);
  });
});
