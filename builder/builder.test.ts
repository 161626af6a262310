import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builderApi, type ClaimedBuild } from "./api";
import { builderLoop, runClaimedBuild, type BuildJob } from "./builder";
import { drainShops } from "./drain";
import { renderEnvironment } from "./index";
import { publishRelease } from "./release";

/**
 * A shop API that answers the builder API's contract (docs/decisions/0034), in memory:
 * queued builds are claimed oldest first with a lease, progress extends it (409 lease_lost
 * when another builder holds it), finish ends it.
 */
interface FakeBuild {
  id: number;
  shop: string;
  changeIds: number[];
  state: "queued" | "running" | "published" | "failed";
  attempt: number;
  holder: string | null;
  leaseUntil: number;
  /** Due from (ms). */
  notBefore: number;
  progress: { phase: string; done: number; total: number; at: number }[];
  finish: Record<string, unknown> | null;
}

const TOKEN = "t".repeat(40);

function contractServer(leaseMs: number) {
  const builds: FakeBuild[] = [];
  const claims: { builder: string; shops?: string[] }[] = [];
  const requests: string[] = [];
  const hosts: string[] = [];
  let claimsUnanswered = 0;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const answer = (status: number, data: unknown, errors: { message: string; code: string }[] = []) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify({ data, errors }));
      };
      requests.push(`${req.method} ${req.url}`);
      hosts.push(req.headers.host ?? "");
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return answer(401, null, [{ message: "wrong token", code: "unauthorized" }]);
      const body = JSON.parse(raw || "{}") as {
        builder: string;
        shops?: string[];
        phase?: string;
        done?: number;
        total?: number;
        ok?: boolean;
        actor?: string;
      };
      const now = Date.now();
      if (req.url === "/admin/builder/claim") {
        if (claimsUnanswered > 0) {
          claimsUnanswered -= 1;
          return;
        }
        claims.push({ builder: body.builder, shops: body.shops });
        const mine = (b: FakeBuild) => !body.shops || body.shops.includes(b.shop);
        const build = builds.find(
          (b) =>
            ((b.state === "queued" && b.notBefore <= now) || (b.state === "running" && b.leaseUntil < now)) &&
            mine(b) &&
            !builds.some((o) => o !== b && o.shop === b.shop && o.state === "running" && o.leaseUntil >= now),
        );
        if (!build) {
          const queued = builds.filter((b) => mine(b) && b.state === "queued");
          const next = queued.length ? Math.min(...queued.map((b) => b.notBefore)) : null;
          return answer(200, {
            build: null,
            nextDueAt: next === null ? null : new Date(next).toISOString(),
            pending: { queued: queued.length, running: builds.filter((b) => mine(b) && b.state === "running").length },
          });
        }
        Object.assign(build, { state: "running", holder: body.builder, leaseUntil: now + leaseMs, attempt: build.attempt + 1 });
        const claimed: ClaimedBuild = {
          id: build.id,
          shop: build.shop,
          attempt: build.attempt,
          changeIds: build.changeIds,
          fullSync: false,
          leaseUntil: new Date(build.leaseUntil).toISOString(),
        };
        return answer(200, { build: claimed });
      }
      if (req.url === "/admin/builder/sweep") return answer(200, { requests: 0, dispatched: null, expired: 0 });
      if (req.url === "/admin/builder/publish") {
        const changeId = 100 + builds.length;
        const queued = (body.shops ?? []).map((shop) => {
          const waiting = builds.find((b) => b.shop === shop && b.state === "queued");
          if (waiting) {
            waiting.changeIds.push(changeId);
            waiting.notBefore = Math.min(waiting.notBefore, now);
            return waiting;
          }
          builds.push({
            id: builds.length + 1,
            shop,
            changeIds: [changeId],
            state: "queued",
            attempt: 0,
            holder: null,
            leaseUntil: 0,
            notBefore: now,
            progress: [],
            finish: null,
          });
          return builds[builds.length - 1]!;
        });
        return answer(200, { changeId, carried: [changeId], builds: queued.map((b) => ({ shop: b.shop, id: b.id, changeIds: b.changeIds })) });
      }
      const match = /^\/admin\/builder\/builds\/(\d+)\/(progress|finish)$/.exec(req.url ?? "");
      const build = match ? builds.find((b) => b.id === Number(match[1])) : undefined;
      if (!match || !build) return answer(404, null, [{ message: "no such build", code: "not_found" }]);
      if (build.holder !== body.builder || build.state !== "running") return answer(409, null, [{ message: "lease lost", code: "lease_lost" }]);
      if (match[2] === "progress") {
        if (body.done! > body.total!) return answer(422, null, [{ message: "must not exceed total", code: "invalid" }]);
        build.leaseUntil = now + leaseMs;
        build.progress.push({ phase: body.phase!, done: body.done!, total: body.total!, at: now });
        return answer(200, { leaseUntil: new Date(build.leaseUntil).toISOString() });
      }
      build.finish = body;
      build.state = body.ok ? "published" : "failed";
      return answer(200, { state: build.state });
    });
  });
  return {
    builds,
    claims,
    requests,
    hosts,
    /** The next `count` claims get no answer (a shop API too busy to answer in time). */
    leaveClaimsUnanswered(count: number) {
      claimsUnanswered = count;
    },
    queue(shop: string, changeIds: number[], notBefore = 0): FakeBuild {
      const build: FakeBuild = {
        id: builds.length + 1,
        shop,
        changeIds,
        state: "queued",
        attempt: 0,
        holder: null,
        leaseUntil: 0,
        notBefore,
        progress: [],
        finish: null,
      };
      builds.push(build);
      return build;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A build job whose "render" writes a small build after `renderMs`, reporting Gatsby-like progress; publish is the real release publish. */
function fileJob(root: string, renderMs: number, options: { fail?: string; servedMs?: number } = {}): BuildJob & { rendered: number } {
  const distRoot = join(root, "dist");
  const job = {
    rendered: 0,
    async render(build: ClaimedBuild, context: Parameters<BuildJob["render"]>[1]) {
      const output = join(root, `out-${build.id}`);
      mkdirSync(join(output, "page-data"), { recursive: true });
      context.progress({ phase: "sourcing", step: "source and transform nodes", done: 0, total: 0 });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, renderMs);
        context.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(new Error("stopped"));
        });
      });
      if (options.fail) throw new Error(options.fail);
      context.progress({ phase: "rendering", step: "Building static HTML for pages", done: 2, total: 2 });
      writeFileSync(join(output, "index.html"), `home of build ${build.id}`);
      writeFileSync(join(output, "p.html"), `product of build ${build.id}`);
      job.rendered += 1;
      return { output };
    },
    async publish(build: ClaimedBuild, rendered: { output: string }, context: Parameters<BuildJob["publish"]>[2]) {
      const result = await publishRelease({ source: rendered.output, distRoot, shop: build.shop, buildId: build.id, changeIds: build.changeIds });
      // Like a local worker's reload after the switch: the build is live, the server not yet serving it.
      context.onLive();
      await new Promise((resolve) => setTimeout(resolve, options.servedMs ?? 0));
      return { pages: result.pages, pagesRewritten: result.pagesRewritten.length, release: result.release, publishedAt: result.publishedAt };
    },
  };
  return job;
}

describe("the builder against the builder API", () => {
  let root: string;
  let fake: ReturnType<typeof contractServer>;
  let origin: string;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "builder-"));
    lines.length = 0;
  });
  afterEach(async () => {
    await fake.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function start(leaseMs: number) {
    fake = contractServer(leaseMs);
    origin = await fake.listen();
    return builderApi({ origin, token: TOKEN, builder: "test-host-1" });
  }

  test("claims the due build, reports each phase, keeps the lease while rendering, publishes and finishes with the counts", async () => {
    const api = await start(1500);
    fake.queue("DE", [7, 8]);
    const job = fileJob(root, 1800);
    const outcomes = await builderLoop(api, job, { log, once: true, onceWaitMs: 2000, shops: ["DE"], minHeartbeatMs: 100 });
    expect(outcomes.map((o) => o.kind)).toEqual(["published"]);
    const build = fake.builds[0]!;
    expect(fake.claims[0]).toEqual({ builder: "test-host-1", shops: ["DE"] });
    expect(build.state).toBe("published");
    expect(build.finish).toMatchObject({ builder: "test-host-1", ok: true, pages: 2, pagesRewritten: 2 });
    expect(typeof build.finish!.seconds).toBe("number");
    const phases = build.progress.map((p) => p.phase).filter((phase, i, all) => all[i - 1] !== phase);
    expect(phases).toEqual(["sourcing", "rendering", "publishing"]);
    // 1.8 s of rendering with a 1.5 s lease: heartbeats at least every 0.5 s kept it.
    const during = build.progress.filter((p) => p.phase === "sourcing");
    expect(during.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < build.progress.length; i++) expect(build.progress[i]!.at - build.progress[i - 1]!.at).toBeLessThan(1500);
    expect(readFileSync(join(root, "dist", "DE", "p.html"), "utf8")).toBe("product of build 1");
    const record = JSON.parse(readFileSync(join(root, "dist", "DE", ".release.json"), "utf8")) as { buildId: number; changeIds: number[] };
    expect(record).toMatchObject({ buildId: 1, changeIds: [7, 8] });
    expect(lines.filter((line) => line.startsWith("DE build #1: "))).toEqual([
      "DE build #1: claimed (attempt 1, change ids 7, 8)",
      "DE build #1: sourcing",
      "DE build #1: rendering",
      "DE build #1: publishing",
      expect.stringMatching(/^DE build #1: published build-1 at .* \(2 of 2 pages rewritten, [\d.]+ s; change ids 7, 8\)$/),
    ]);
  });

  test("a lost lease stops the build: nothing is published and no finish is sent", async () => {
    const api = await start(1500);
    // The live build before.
    const live = fileJob(root, 0);
    fake.queue("DE", [1]);
    await builderLoop(api, live, { log, once: true, onceWaitMs: 1000 });
    const before = readFileSync(join(root, "dist", "DE", "p.html"), "utf8");

    const build = fake.queue("DE", [2]);
    const slow = fileJob(root, 3000);
    const running = runClaimedBuild(api, slow, (await api.claim())!, { log, minHeartbeatMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    build.holder = "another-builder"; // the lease went to someone else
    const outcome = await running;
    expect(outcome.kind).toBe("lease-lost");
    expect(slow.rendered).toBe(0);
    expect(build.finish).toBeNull();
    expect(fake.requests.filter((r) => r === `POST /admin/builder/builds/${build.id}/finish`)).toEqual([]);
    expect(readFileSync(join(root, "dist", "DE", "p.html"), "utf8")).toBe(before);
    expect(lines).toContain(`DE build #${build.id}: lease lost, another builder holds the build now; stopped without publishing`);
  });

  test("a failing build is reported with its error and the live build stays", async () => {
    const api = await start(5000);
    fake.queue("DE", [1]);
    await builderLoop(api, fileJob(root, 0), { log, once: true, onceWaitMs: 1000 });
    const liveBefore = readFileSync(join(root, "dist", "DE", ".release.json"), "utf8");

    const failing = fake.queue("DE", [2]);
    const outcomes = await builderLoop(api, fileJob(root, 50, { fail: "gatsby build for DE failed with exit code 1:\nGraphQL error" }), {
      log,
      once: true,
      onceWaitMs: 1000,
    });
    expect(outcomes.map((o) => o.kind)).toEqual(["failed"]);
    expect(failing.state).toBe("failed");
    expect(failing.finish).toEqual({ builder: "test-host-1", ok: false, error: "gatsby build for DE failed with exit code 1:\nGraphQL error" });
    expect(readFileSync(join(root, "dist", "DE", ".release.json"), "utf8")).toBe(liveBefore);
    expect(readFileSync(join(root, "dist", "DE", "p.html"), "utf8")).toBe("product of build 1");
  });

  test("stopping while rendering leaves the build to its lease and publishes nothing", async () => {
    const api = await start(5000);
    const build = fake.queue("AT", [3]);
    const stop = new AbortController();
    const job = fileJob(root, 5000);
    const loop = builderLoop(api, job, { log, stop: stop.signal, pollMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop.abort();
    const outcomes = await loop;
    expect(outcomes.map((o) => o.kind)).toEqual(["abandoned"]);
    expect(build.finish).toBeNull();
    expect(job.rendered).toBe(0);
  });

  test("--once waits for a build to become due; a wrong token is named", async () => {
    const api = await start(5000);
    setTimeout(() => fake.queue("CH", [4]), 400);
    const outcomes = await builderLoop(api, fileJob(root, 0), { log, once: true, onceWaitMs: 3000, pollMs: 100 });
    expect(outcomes.map((o) => `${o.kind} ${o.build.shop}`)).toEqual(["published CH"]);
    expect(lines).toContain("waiting for a due build ...");

    const wrong = builderApi({ origin, token: "x".repeat(40), builder: "b" });
    await expect(wrong.claim()).rejects.toThrow("/admin/builder/claim: HTTP 401 wrong token");

    // Locally the edge forwards /admin/* only on the back-office host.
    const viaBackOffice = builderApi({ origin, host: "admin.localhost:8787", token: TOKEN, builder: "b" });
    expect(await viaBackOffice.claim()).toBeNull();
    expect(fake.hosts.at(-1)).toBe("admin.localhost:8787");
  });

  test("drain: one publish carries the waiting change into each shop's one build; waits for builds not due and builds other builders run", async () => {
    const api = await start(5000);
    fake.queue("DE", [1], Date.now() + 60_000); // the import's, not due yet: the publish makes it due now
    const other = fake.queue("CH", [2]);
    Object.assign(other, { state: "running", holder: "someone-else", leaseUntil: Date.now() + 5000 });
    const progress: string[] = [];
    const log = (line: string) => {
      progress.push(line);
      // The other builder finishes once the drain waits for it (a timer could fire before the drain gets there on a busy machine).
      if (line.startsWith("waiting for 1 build(s)")) setTimeout(() => Object.assign(other, { state: "published", leaseUntil: 0 }), 200);
    };
    const report = await drainShops(api, fileJob(root, 0), { shops: ["DE", "CH"], actor: "npm start", log, pollMs: 100 });
    expect(fake.claims.every((claim) => claim.shops?.join() === "DE,CH")).toBe(true);
    const built = fake.builds.filter((b) => b.state === "published" && b.holder === "test-host-1");
    expect(built.map((b) => [b.shop, b.changeIds, b.attempt])).toEqual([
      ["DE", [1, report.changeId], 1],
      ["CH", [report.changeId], 1],
    ]);
    expect(report.builds.map((b) => [b.shop, b.changeIds, b.pages, b.pagesRewritten])).toEqual([
      ["DE", [1, report.changeId], 2, 2],
      ["CH", [report.changeId], 2, 2],
    ]);
    expect(progress[0]).toBe("Building shop DE (1/2) ...");
    expect(progress[1]).toMatch(/^ {2}DE: 2 pages in \d+\.\d s \(2 pages written\)$/);
    expect(progress).toContain("waiting for 1 build(s) of DE, CH that another builder runs (its lease ends it if that builder is gone) ...");
    expect(progress.at(-2)).toBe("Building shop CH (2/2) ...");
    expect(fake.requests.filter((r) => r.endsWith("/publish") || r.endsWith("/sweep"))).toEqual(["POST /admin/builder/publish", "POST /admin/builder/sweep"]);
  });

  test("drain: a claim without an answer in time is asked again; the shop still builds", async () => {
    await start(5000);
    const api = builderApi({ origin, token: TOKEN, builder: "test-host-1", timeoutMs: 2000 });
    fake.queue("DE", [1]);
    fake.leaveClaimsUnanswered(2);
    const progress: string[] = [];
    const report = await drainShops(api, fileJob(root, 0), { shops: ["DE"], log: (line) => progress.push(line), pollMs: 50 });
    expect(report.builds.map((b) => b.shop)).toEqual(["DE"]);
    expect(progress.filter((line) => /did not answer \/admin\/builder\/claim: .*; asking again \.\.\.$/.test(line))).toHaveLength(2);
  });

  test("drain: a failed build stops it with the shop and the error named; the failure is reported", async () => {
    const api = await start(5000);
    const drained = drainShops(api, fileJob(root, 0, { fail: "gatsby build for AT failed with exit code 1" }), { shops: ["AT"], log, pollMs: 50 });
    await expect(drained).rejects.toThrow(/^Building shop AT failed \(build #1; .*\): gatsby build for AT failed with exit code 1$/);
    expect(fake.builds[0]).toMatchObject({ state: "failed", finish: { ok: false } });
  });

  test("with a concurrency of 2 two shops build at once, never two builds of one shop; a third waits for a free slot", async () => {
    const api = await start(5000);
    fake.queue("DE", [1]);
    fake.queue("AT", [2]);
    fake.queue("DE", [3]); // a second build of DE waits until the first is done
    fake.queue("CH", [4]);
    const job = fileJob(root, 400);
    let inFlight = 0;
    let most = 0;
    const shopsInFlight: string[] = [];
    const render = job.render.bind(job);
    job.render = async (claimed, context) => {
      expect(shopsInFlight).not.toContain(claimed.shop);
      shopsInFlight.push(claimed.shop);
      most = Math.max(most, ++inFlight);
      try {
        return await render(claimed, context);
      } finally {
        inFlight -= 1;
        shopsInFlight.splice(shopsInFlight.indexOf(claimed.shop), 1);
      }
    };
    const stop = new AbortController();
    const loop = builderLoop(api, job, { log, stop: stop.signal, pollMs: 50, concurrency: 2 });
    const started = Date.now();
    while (fake.builds.some((b) => b.state !== "published") && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort();
    const outcomes = await loop;
    expect(outcomes.map((o) => o.kind)).toEqual(["published", "published", "published", "published"]);
    expect(most).toBe(2);
    expect(fake.builds.map((b) => b.state)).toEqual(["published", "published", "published", "published"]);
  });

  test("a build gives its slot back once it is live: the next shop renders while the first waits for the server, never a second build of the same shop", async () => {
    const api = await start(5000);
    fake.queue("DE", [1]);
    fake.queue("AT", [2]);
    // DE #1 waits this long for the server: long enough for AT to be claimed and rendered meanwhile on a busy machine.
    const job = fileJob(root, 100, { servedMs: 1500 });
    const events: string[] = [];
    const render = job.render.bind(job);
    job.render = async (claimed, context) => {
      events.push(`render ${claimed.shop}`);
      return render(claimed, context);
    };
    const publish = job.publish.bind(job);
    job.publish = async (claimed, rendered, context) => {
      const live = () => {
        events.push(`live ${claimed.shop}`);
        if (claimed.id === 1) fake.queue("DE", [3]); // queued while DE #1 waits for the server
        context.onLive();
      };
      const published = await publish(claimed, rendered, { onLive: live });
      events.push(`served ${claimed.shop}`);
      return published;
    };
    const stop = new AbortController();
    const loop = builderLoop(api, job, { log, stop: stop.signal, pollMs: 20, concurrency: 1 });
    const started = Date.now();
    while ((fake.builds.length < 3 || fake.builds.some((b) => b.state !== "published")) && Date.now() - started < 8000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    const outcomes = await loop;
    expect(outcomes.map((o) => o.kind)).toEqual(["published", "published", "published"]);
    // AT rendered before DE was served; DE's second build (due while DE #1 waited) only after DE #1 was served. Whether AT
    // goes live before or after DE is served is a race of the two, not a rule.
    expect(events.slice(0, 3)).toEqual(["render DE", "live DE", "render AT"]);
    expect(events).toContain("live AT");
    expect(events.indexOf("render AT")).toBeLessThan(events.indexOf("served DE"));
    expect(events.lastIndexOf("render DE")).toBeGreaterThan(events.indexOf("served DE"));
  });

  test("drain with a concurrency of 2: both shops build at once, the report has each once, and no wait for another builder is announced", async () => {
    const api = await start(5000);
    const progress: string[] = [];
    const job = fileJob(root, 300);
    let inFlight = 0;
    let most = 0;
    const render = job.render.bind(job);
    job.render = async (claimed, context) => {
      most = Math.max(most, ++inFlight);
      try {
        return await render(claimed, context);
      } finally {
        inFlight -= 1;
      }
    };
    const report = await drainShops(api, job, { shops: ["DE", "AT", "CH"], log: (line) => progress.push(line), pollMs: 50, concurrency: 2 });
    expect(report.builds.map((b) => b.shop).sort()).toEqual(["AT", "CH", "DE"]);
    expect(most).toBe(2);
    expect(progress.slice(0, 2)).toEqual(["Building shop DE (1/3) ...", "Building shop AT (2/3) ..."]);
    expect(progress.filter((line) => line.includes("another builder"))).toEqual([]);
  });

  test("drain with the first build alone: the others start when it has ended, then two at once", async () => {
    const api = await start(5000);
    const job = fileJob(root, 200);
    const events: string[] = [];
    let inFlight = 0;
    let most = 0;
    const render = job.render.bind(job);
    job.render = async (claimed, context) => {
      events.push(`start ${claimed.shop}`);
      most = Math.max(most, ++inFlight);
      try {
        return await render(claimed, context);
      } finally {
        inFlight -= 1;
        events.push(`end ${claimed.shop}`);
      }
    };
    const progress: string[] = [];
    const report = await drainShops(api, job, { shops: ["DE", "AT", "CH"], log: (line) => progress.push(line), pollMs: 50, concurrency: 2, firstAlone: true });
    expect(report.builds.map((b) => b.shop).sort()).toEqual(["AT", "CH", "DE"]);
    expect(progress.slice(0, 2)).toEqual(["The first build runs alone; the other shops start from its caches.", "Building shop DE (1/3) ..."]);
    expect(events.slice(0, 2)).toEqual(["start DE", "end DE"]);
    expect(events.slice(2, 4).sort()).toEqual(["start AT", "start CH"]);
    expect(most).toBe(2);
  });

  test("drain with the first build alone: its failure ends the drain before any other build starts", async () => {
    const api = await start(5000);
    const job = fileJob(root, 50, { fail: "gatsby build for DE failed with exit code 1" });
    const started: string[] = [];
    const render = job.render.bind(job);
    job.render = async (claimed, context) => {
      started.push(claimed.shop);
      return render(claimed, context);
    };
    await expect(drainShops(api, job, { shops: ["DE", "AT", "CH"], log, pollMs: 50, concurrency: 2, firstAlone: true })).rejects.toThrow(
      /^Building shop DE failed/,
    );
    expect(started).toEqual(["DE"]);
  });

  test("drain with a concurrency of 2: a failure ends it once the other build is done, naming the failed shop", async () => {
    const api = await start(5000);
    const job = fileJob(root, 100);
    const render = job.render.bind(job);
    job.render = async (claimed, context) => {
      if (claimed.shop === "AT") throw new Error("gatsby build for AT failed with exit code 1");
      return render(claimed, context);
    };
    await expect(drainShops(api, job, { shops: ["DE", "AT", "CH"], log, pollMs: 50, concurrency: 2 })).rejects.toThrow(/^Building shop AT failed/);
    expect(fake.builds.find((b) => b.shop === "DE")!.state).toBe("published");
    expect(fake.builds.find((b) => b.shop === "AT")!.state).toBe("failed");
  });

  test("a page count past Gatsby's announced total is sent with the total raised to it (the API refuses done over total)", async () => {
    const api = await start(5000);
    const build = fake.queue("DE", [9]);
    const job = fileJob(root, 0);
    const render = job.render.bind(job);
    job.render = async (claimed, context) => {
      context.progress({ phase: "rendering", step: "Building static HTML for pages", done: 5, total: 3 });
      return render(claimed, context);
    };
    const outcome = await runClaimedBuild(api, job, (await api.claim())!, { log });
    expect(outcome.kind).toBe("published");
    expect(build.progress.find((p) => p.phase === "rendering")).toMatchObject({ done: 5, total: 5 });
    expect(lines.filter((line) => line.includes("progress not recorded"))).toEqual([]);
  });
});

describe("what the Gatsby build of a claimed build is told", () => {
  test("a build that needs a full sync gets CATALOGUE_FULL_SYNC=1, an incremental one nothing", () => {
    expect(renderEnvironment({ fullSync: true })).toEqual({ CATALOGUE_FULL_SYNC: "1" });
    expect(renderEnvironment({ fullSync: false })).toEqual({});
  });
});
