/**
 * The attack battery's shop API cases (through the edge): GraphQL access and cost, search
 * input, loose numbers, contact fields, uploads, idempotency, the per-IP write limit and
 * free sample orders (captcha and daily caps).
 */
import { solveChallenge } from "altcha-lib";
import { loadShopConfig } from "../lib/shops";
import { cookieOf, errorCode, header, statusLine, type Answer, type Send } from "./client";
import type { AttackContext } from "./context";
import type { Check, Outcome } from "./runner";

const group = "api";
const JSON_TYPE = { "content-type": "application/json" };

const graphql = (ctx: AttackContext, query: string, headers: Record<string, string> = {}): Promise<Answer> =>
  ctx.client.send({ method: "POST", path: "/graphql", headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify({ query }) });

/** A value the shop API refuses as invalid: 400, or 422 with the envelope's `invalid` code (its validation answer). */
const REFUSED_INVALID = "400/422 invalid, not taken";
const refusedAsInvalid = (answer: Answer) => answer.status === 400 || (answer.status === 422 && (errorCode(answer) ?? "").split(",").includes("invalid"));

const bearer = (ctx: AttackContext) => ({ authorization: `Bearer ${ctx.graphqlToken}` });

const aliases = (count: number) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: products(shop: "DE", language: "de", first: 200) { nodes { sku } }`).join(" ")} }`;

function search(name: string, query: string): Check<AttackContext> {
  return {
    group,
    name: `search ${name}`,
    sends: `GET /apiv2/search?query=${JSON.stringify(query).slice(1, 40)}`,
    expected: "200 or 400, never 500",
    async run(ctx) {
      const answer = await ctx.client.send({ path: `/apiv2/search?query=${encodeURIComponent(query)}` });
      return { ok: answer.status === 200 || answer.status === 400, got: statusLine(answer) };
    },
  };
}

/** A visitor's session: one client address and the token cookie its first write got. */
class Session {
  cookie: string | undefined;
  constructor(
    readonly ctx: AttackContext,
    readonly ip: string,
  ) {}

  async send(request: Send): Promise<Answer> {
    const answer = await this.ctx.client.send({ ...request, ip: this.ip, headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...request.headers } });
    this.cookie = cookieOf(answer) ?? this.cookie;
    return answer;
  }

  json(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send({ method: "POST", path, headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body) });
  }
}

/** A sample order's contact data, unique per run and label (caps count per e-mail and address). */
function contact(label: string, overrides: Record<string, string> = {}) {
  const run = Math.random().toString(36).slice(2, 8);
  return {
    email: `attack-${label}-${run}@example.com`,
    customerAddress: {
      firstname: "Erika",
      lastname: "Muster",
      street: `Teststraße ${1 + Math.floor(Math.random() * 400)}`,
      zip: "10115",
      city: "Berlin",
      countryCode: "de",
      ...overrides,
    },
  };
}

/** An open sample order with one sample and the contact data; throws when a step is refused. */
async function openSampleOrder(session: Session, sku: string, details: ReturnType<typeof contact>): Promise<void> {
  const added = await session.json("/apiv2/sample/product/cart/add", { sku, quantity: 1, recommendation: false });
  if (added.status !== 200) throw new Error(`sample add answered ${statusLine(added)}`);
  const saved = await session.json("/apiv2/sample/product/cart", details);
  if (saved.status !== 200) throw new Error(`sample contact answered ${statusLine(saved)}`);
}

/** An ALTCHA solution for the action: the challenge from the shop, solved here, as the widget's base64 JSON. */
async function captchaToken(session: Session, action: string): Promise<string> {
  const answer = await session.send({ path: `/apiv2/captcha/challenge?action=${action}` });
  if (answer.status !== 200) throw new Error(`captcha challenge answered ${statusLine(answer)}`);
  const challenge = (JSON.parse(answer.body) as { data: { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string } }).data;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("the captcha challenge has no solution");
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: hash, number: solution.number, salt, signature })).toString("base64");
}

function contactField(name: string, field: "firstname" | "lastname" | "city", value: string): Check<AttackContext> {
  return {
    group,
    name: `contact ${name}`,
    sends: `POST /apiv2/sample/product/cart ${field}=${JSON.stringify(value)}`,
    expected: "400/422, nothing stored",
    async run(ctx) {
      const session = new Session(ctx, ctx.client.nextIp());
      const answer = await session.json("/apiv2/sample/product/cart", contact(name.replace(/\W+/g, "-"), { [field]: value }));
      return { ok: answer.status === 400 || answer.status === 422, got: statusLine(answer) };
    },
  };
}

function multipart(fileName: string, type: string, content: string): { body: string; contentType: string } {
  const boundary = `attack${Math.random().toString(36).slice(2)}`;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The cart's quantity of a SKU as GET /apiv2/cart/ shows it. */
async function cartQuantity(session: Session, sku: string): Promise<number> {
  const answer = await session.send({ path: "/apiv2/cart/" });
  const data = (JSON.parse(answer.body) as { data?: { items?: { sku: string; quantity: number }[] } }).data;
  return (data?.items ?? []).filter((item) => item.sku === sku).reduce((sum, item) => sum + item.quantity, 0);
}

/** The per-IP write limit of the shop config (rateLimits.perIp.write). */
function writeLimit(): { limit: number; period: number } {
  return loadShopConfig().rateLimits.perIp.write;
}

async function rateLimitRun(ctx: AttackContext, limit: number): Promise<{ first429: number | null; last: Answer }> {
  const ip = ctx.client.nextIp();
  const write = () => ctx.client.send({ method: "POST", path: "/apiv2/cart/", ip, headers: JSON_TYPE, body: "{}" });
  let first429: number | null = null;
  const batch = 10;
  for (let sent = 0; sent < limit; sent += batch) {
    const answers = await Promise.all(Array.from({ length: Math.min(batch, limit - sent) }, write));
    answers.forEach((answer, i) => {
      if (answer.status === 429 && first429 === null) first429 = sent + i + 1;
    });
  }
  const last = await write();
  if (last.status === 429 && first429 === null) first429 = limit + 1;
  return { first429, last };
}

export const apiChecks: Check<AttackContext>[] = [
  {
    group,
    name: "/graphql without the token",
    sends: "POST /graphql { shops { id } }, no Authorization",
    expected: "401",
    async run(ctx) {
      const answer = await graphql(ctx, "{ shops { id } }");
      return { ok: answer.status === 401, got: String(answer.status) };
    },
  },
  {
    group,
    name: "/graphql with a wrong token",
    sends: "POST /graphql, Bearer <48 wrong characters>",
    expected: "401",
    async run(ctx) {
      const answer = await graphql(ctx, "{ shops { id } }", { authorization: `Bearer ${"0".repeat(48)}` });
      return { ok: answer.status === 401, got: String(answer.status) };
    },
  },
  {
    group,
    name: "/graphql cross-site GET",
    sends: "GET /graphql?query=… with the token, Sec-Fetch-Site cross-site",
    expected: "403",
    async run(ctx) {
      const answer = await ctx.client.send({
        path: `/graphql?query=${encodeURIComponent("{ shops { id } }")}`,
        headers: { ...bearer(ctx), "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      });
      return { ok: answer.status === 403, got: String(answer.status) };
    },
  },
  {
    group,
    name: "/graphql 142 aliases of products(first:200)",
    sends: "POST /graphql with the token, 142 aliases",
    expected: "400, small answer",
    async run(ctx) {
      const started = Date.now();
      const answer = await graphql(ctx, aliases(142), bearer(ctx));
      return { ok: answer.status === 400 && answer.bytes < 10_000, got: `${answer.status}, ${answer.bytes} bytes in ${Date.now() - started} ms` };
    },
  },
  {
    group,
    name: "/graphql introspection without the token",
    sends: "POST /graphql { __schema { types { name } } }, no token",
    expected: "401 (not reachable)",
    async run(ctx) {
      const answer = await graphql(ctx, "{ __schema { types { name } } }");
      return { ok: answer.status === 401 && !answer.body.includes("__Schema"), got: String(answer.status) };
    },
  },
  search("with NUL", "eiche\u0000parkett"),
  search("with control characters", "eiche\u0001\u001b[31m\u007fparkett\u0008"),
  search("with 100 one-character terms", Array.from({ length: 100 }, (_, i) => "abcdefghijklmnopqrstuvwxyz0123456789"[i % 36]).join(" ")),
  search("with bidi override", "eiche\u202eparkett"),
  search("suggestions with NUL", "ei\u0000"),
  {
    group,
    name: "loose number: form qty=0x10",
    sends: "POST /apiv2/configuration/cart/add form qty=0x10",
    expected: REFUSED_INVALID,
    async run(ctx) {
      const { cartSku } = await ctx.products();
      const answer = await ctx.client.send({
        method: "POST",
        path: "/apiv2/configuration/cart/add",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ form_key: "attack", product: cartSku, qty: "0x10" }).toString(),
      });
      return { ok: refusedAsInvalid(answer), got: statusLine(answer) };
    },
  },
  {
    group,
    name: 'loose number: JSON quantity "16"',
    sends: 'POST /apiv2/cart/ {quantity: "16"}',
    expected: REFUSED_INVALID,
    async run(ctx) {
      const answer = await ctx.client.send({
        method: "POST",
        path: "/apiv2/cart/",
        headers: JSON_TYPE,
        body: JSON.stringify({ sku: (await ctx.products()).cartSku, quantity: "16" }),
      });
      return { ok: refusedAsInvalid(answer), got: statusLine(answer) };
    },
  },
  {
    group,
    name: "loose date: desiredDate 2025-99-99",
    sends: "POST /apiv2/cart/ desiredDate.date 2025-99-99",
    expected: REFUSED_INVALID,
    async run(ctx) {
      const answer = await ctx.client.send({
        method: "POST",
        path: "/apiv2/cart/",
        headers: JSON_TYPE,
        body: JSON.stringify({ sku: (await ctx.products()).cartSku, quantity: 1, desiredDate: { type: 1, date: "2025-99-99" } }),
      });
      return { ok: refusedAsInvalid(answer), got: statusLine(answer) };
    },
  },
  contactField("markup", "firstname", "<img src=x onerror=alert(1)>"),
  contactField("script", "city", "<script>alert(1)</script>"),
  contactField("bidi override", "lastname", "Re\u202eweiver"),
  contactField("control characters", "firstname", "Re\u0000v\u001b[31mi"),
  hostileUpload(
    "upload: HTML named x.jpg",
    "x.jpg (HTML)",
    "x.jpg",
    "image/jpeg",
    "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
  ),
  hostileUpload(
    "upload: SVG with script named x.png",
    "x.png (SVG + script)",
    "x.png",
    "image/png",
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
  ),
  {
    group,
    name: "Idempotency-Key repeat of a cart add",
    sends: "POST /apiv2/cart/ quantity 1 twice, same Idempotency-Key",
    expected: "same answer, replayed; cart holds 1",
    async run(ctx): Promise<Outcome> {
      const { cartSku } = await ctx.products();
      const session = new Session(ctx, ctx.client.nextIp());
      const key = `attack-${Math.random().toString(36).slice(2)}`;
      const add = () =>
        ctx.client.send({
          method: "POST",
          path: "/apiv2/cart/",
          ip: session.ip,
          headers: { ...JSON_TYPE, "idempotency-key": key },
          body: JSON.stringify({ sku: cartSku, quantity: 1 }),
        });
      const first = await add();
      const second = await add();
      session.cookie = cookieOf(first);
      if (first.status !== 200 || !session.cookie) return { ok: false, got: `first ${statusLine(first)}${session.cookie ? "" : ", no cookie"}` };
      const quantity = await cartQuantity(session, cartSku);
      const same = first.status === second.status && first.body === second.body;
      const replayed = header(second, "idempotent-replayed") === "true";
      return {
        ok: same && quantity === 1,
        got: `${first.status}/${second.status}, ${same ? "same body" : "different body"}${replayed ? ", replayed" : ""}, cart quantity ${quantity}`,
      };
    },
  },
  {
    group,
    name: "rate limit: write limit + 1 from one address",
    sends: "POST /apiv2/cart/ {} limit+1 times, one cf-connecting-ip",
    expected: "the (limit+1)th 429 with Retry-After, not before",
    async run(ctx) {
      const { limit, period } = writeLimit();
      // A fixed window may turn over during the run: then one more run with a fresh address.
      let run = await rateLimitRun(ctx, limit);
      if (run.first429 === null) run = await rateLimitRun(ctx, limit);
      const retryAfter = header(run.last, "retry-after");
      const ok = run.first429 === limit + 1 && run.last.status === 429 && retryAfter !== undefined && Number(retryAfter) > 0;
      return {
        ok,
        got: `write ${limit + 1}: ${statusLine(run.last)}, Retry-After ${retryAfter ?? "none"}; first 429 at ${run.first429 ?? "none"} (limit ${limit}/${period} s)`,
      };
    },
  },
  {
    group,
    name: "sample finish without a captcha token",
    sends: "sample add, contact, POST …/cart/finish without X-Captcha-Token",
    expected: "403 captcha_failed",
    async run(ctx) {
      const session = new Session(ctx, ctx.client.nextIp());
      await openSampleOrder(session, (await ctx.products()).sampleSkus[0]!, contact("nocaptcha"));
      const answer = await session.json("/apiv2/sample/product/cart/finish", {});
      return { ok: answer.status === 403 && (errorCode(answer) ?? "").includes("captcha_failed"), got: statusLine(answer) };
    },
  },
  {
    group,
    name: "sample finish with a forged captcha token",
    sends: "… finish with X-Captcha-Token of a made-up solution",
    expected: "403 captcha_failed",
    async run(ctx) {
      const session = new Session(ctx, ctx.client.nextIp());
      await openSampleOrder(session, (await ctx.products()).sampleSkus[0]!, contact("forged"));
      const forged = Buffer.from(JSON.stringify({ algorithm: "SHA-256", challenge: "0".repeat(64), number: 1, salt: "x", signature: "0".repeat(64) })).toString(
        "base64",
      );
      const answer = await session.json("/apiv2/sample/product/cart/finish", {}, { "x-captcha-token": forged });
      return { ok: answer.status === 403 && (errorCode(answer) ?? "").includes("captcha_failed"), got: statusLine(answer) };
    },
  },
  {
    group,
    name: "free samples: daily cap of finished orders",
    sends: "4 sample orders, one visitor/e-mail/address/IP, each with a solved ALTCHA",
    expected: "the finishes over the cap (default 2) refused 4xx",
    async run(ctx) {
      const session = new Session(ctx, ctx.client.nextIp());
      const { sampleSkus } = await ctx.products();
      const details = contact("caps");
      const statuses: string[] = [];
      for (let order = 0; order < 4; order++) {
        try {
          await openSampleOrder(session, sampleSkus[order % sampleSkus.length]!, details);
        } catch (error) {
          // A cap may already refuse the add or the contact of an order over it.
          statuses.push(`open ${error instanceof Error ? error.message.replace(/^.* answered /, "") : "failed"}`);
          continue;
        }
        const token = await captchaToken(session, "sample_finish");
        statuses.push(statusLine(await session.json("/apiv2/sample/product/cart/finish", {}, { "x-captcha-token": token })));
      }
      const finished = statuses.filter((status) => status === "200").length;
      const serverErrors = statuses.some((status) => /(^|\s)5\d\d/.test(status));
      return { ok: finished <= 2 && finished >= 1 && !serverErrors, got: `${finished} finished: ${statuses.join(", ")}` };
    },
  },
];

/** An upload whose bytes are not an image, under an image's name and type: refused with a 4xx. */
function hostileUpload(name: string, what: string, fileName: string, type: string, content: string): Check<AttackContext> {
  return {
    group,
    name,
    sends: `POST /apiv2/uploads?purpose=complaint file ${what}`,
    expected: "4xx, refused",
    async run(ctx) {
      const { body, contentType } = multipart(fileName, type, content);
      const answer = await ctx.client.send({ method: "POST", path: "/apiv2/uploads?purpose=complaint", headers: { "content-type": contentType }, body });
      return { ok: answer.status >= 400 && answer.status < 500, got: statusLine(answer) };
    },
  };
}
