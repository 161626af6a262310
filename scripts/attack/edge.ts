/**
 * The attack battery's edge cases: open redirects, path traversal, CSRF, the body limit,
 * header injection, unknown hosts, the token cookie and the security headers.
 */
import { header, setCookies, statusLine, type Answer } from "./client";
import type { AttackContext } from "./context";
import type { Check, Outcome } from "./runner";

const group = "edge";

/** Where a Location points, or null when it stays on `host` (a path, or an absolute URL on the host, never protocol-relative). */
function offSite(location: string | undefined, host: string): string | null {
  if (!location) return null;
  if (/^[/\\]{2}/.test(location) || /^\/[\\]/.test(location)) return location;
  try {
    const url = new URL(location, `http://${host}/`);
    return url.host === host && /^\/(?![/\\])/.test(url.pathname) ? null : location;
  } catch {
    return location;
  }
}

const OPEN_REDIRECT_PATHS = ["//evil.com", "/\\evil.com", "/%5Cevil.com", "//evil.com/%2F..", "/%2F%2Fevil.com", "/%09/evil.com"];

function openRedirect(shop: "de" | "ch", path: string): Check<AttackContext> {
  return {
    group,
    name: `open redirect ${shop.toUpperCase()} ${path}`,
    sends: `GET ${path} Host ${shop}.localhost, Accept-Language fr`,
    expected: "no Location off the shop's host",
    async run(ctx) {
      const host = ctx.hosts[shop];
      const answer = await ctx.client.send({ path, host, headers: { "accept-language": "fr-CH,fr;q=0.9" } });
      const location = header(answer, "location");
      const away = offSite(location, host);
      return { ok: away === null && answer.status < 500, got: `${answer.status}${location ? ` -> ${location}` : ""}` };
    },
  };
}

/** Text that only a leaked file could contain. */
const LEAKS = [/GRAPHQL_TOKEN|ALTCHA_HMAC_KEY|CATALOGUE_IMPORT_TOKEN/, /root:x:0:0/, /compatibility_date/, /"devDependencies"/];

function traversal(path: string): Check<AttackContext> {
  return {
    group,
    name: `path traversal ${path}`,
    sends: `GET ${path}`,
    expected: "400/404, no file outside the build",
    async run(ctx) {
      const answer = await ctx.client.send({ path });
      const leak = LEAKS.find((pattern) => pattern.test(answer.body));
      return { ok: (answer.status === 400 || answer.status === 404) && !leak, got: `${answer.status}${leak ? ` leaks ${leak.source}` : ""}` };
    },
  };
}

const TRAVERSAL_PATHS = [
  "/../wrangler.jsonc",
  "/../../../../etc/passwd",
  "/%2e%2e/%2e%2e/wrangler.jsonc",
  "/../deploy.env",
  "/..%2f..%2fpackage.json",
  "/%2e%2e%2f.dev.vars",
  "/index.html%00.jpg",
  "/apiv2/%2e%2e/admin/catalogue/import",
  "/apiv2/..%2fadmin/search/report",
  "/apiv2/cart%00",
];

function headerInjection(name: string, path: string): Check<AttackContext> {
  return {
    group,
    name: `header injection ${name}`,
    sends: `GET ${path} Host ch.localhost (a language redirect)`,
    expected: "no injected header, no Set-Cookie a=b",
    async run(ctx) {
      const answer = await ctx.client.send({ path, host: ctx.hosts.ch });
      const injected = answer.headers["x-injected"] !== undefined || setCookies(answer).some((line) => line.startsWith("a=b"));
      const location = header(answer, "location");
      return { ok: !injected && answer.status < 500, got: `${answer.status}${location ? ` -> ${location}` : ""}${injected ? ", header split" : ""}` };
    },
  };
}

/** A cart add that creates a visitor: its answer carries the token cookie. */
async function firstWrite(ctx: AttackContext): Promise<Answer> {
  return ctx.client.send({
    method: "POST",
    path: "/apiv2/cart/",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ sku: (await ctx.products()).cartSku, quantity: 1 }),
  });
}

/** The directives of a CSP header by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function securityHeaders(name: string, path: string): Check<AttackContext> {
  return {
    group,
    name: `security headers ${name}`,
    sends: `GET ${path}`,
    expected: "CSP script-src w/o 'unsafe-inline', nosniff, HSTS",
    async run(ctx) {
      const answer = await ctx.client.send({ path });
      const csp = directives(header(answer, "content-security-policy") ?? "");
      const scripts = csp.get("script-src") ?? csp.get("default-src");
      const problems = [
        ...(scripts ? [] : ["no script-src"]),
        ...(scripts?.includes("'unsafe-inline'") ? ["script-src 'unsafe-inline'"] : []),
        ...(header(answer, "x-content-type-options") === "nosniff" ? [] : ["no nosniff"]),
        ...(/max-age=\d+/.test(header(answer, "strict-transport-security") ?? "") ? [] : ["no HSTS"]),
      ];
      return { ok: problems.length === 0, got: `${answer.status}, ${problems.length ? problems.join(", ") : "all present"}` };
    },
  };
}

export const edgeChecks: Check<AttackContext>[] = [
  ...OPEN_REDIRECT_PATHS.flatMap((path) => [openRedirect("ch", path), openRedirect("de", path)]),
  ...TRAVERSAL_PATHS.map(traversal),
  {
    group,
    name: "CSRF: cross-site cart add",
    sends: "POST /apiv2/cart/ Origin evil.example, Sec-Fetch-Site cross-site",
    expected: "403",
    async run(ctx): Promise<Outcome> {
      const answer = await ctx.client.send({
        method: "POST",
        path: "/apiv2/cart/",
        headers: { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        body: JSON.stringify({ sku: (await ctx.products()).cartSku, quantity: 1 }),
      });
      return { ok: answer.status === 403, got: statusLine(answer) };
    },
  },
  {
    group,
    name: "CSRF: Origin null",
    sends: "POST /apiv2/cart/ Origin null",
    expected: "403",
    async run(ctx) {
      const answer = await ctx.client.send({
        method: "POST",
        path: "/apiv2/cart/",
        headers: { "content-type": "application/json", origin: "null" },
        body: "{}",
      });
      return { ok: answer.status === 403, got: statusLine(answer) };
    },
  },
  {
    group,
    name: "body limit: 2 MiB POST",
    sends: "POST /apiv2/cart/ with 2 MiB of JSON",
    expected: "413",
    async run(ctx) {
      const body = `{"sku":"${"A".repeat(2 * 1024 * 1024 - 12)}"}`;
      const answer = await ctx.client.send({ method: "POST", path: "/apiv2/cart/", headers: { "content-type": "application/json" }, body });
      return { ok: answer.status === 413, got: statusLine(answer) };
    },
  },
  headerInjection("CRLF in the query", "/?x=%0d%0aSet-Cookie:%20a=b%0d%0aX-Injected:%20yes"),
  headerInjection("CRLF in the path", "/%0d%0aSet-Cookie:%20a=b%0d%0aX-Injected:%20yes/x.html"),
  {
    group,
    name: "header injection: CRLF in an API path",
    sends: "GET /apiv2/byPath/%0d%0aX-Injected:%20yes",
    expected: "no injected header, not 5xx",
    async run(ctx) {
      const answer = await ctx.client.send({ path: "/apiv2/byPath/%0d%0aX-Injected:%20yes" });
      const injected = answer.headers["x-injected"] !== undefined;
      return { ok: !injected && answer.status < 500, got: `${statusLine(answer)}${injected ? ", header split" : ""}` };
    },
  },
  {
    group,
    name: "unknown host",
    sends: "GET / Host evil.example:8787",
    expected: "no-shop-found page, host not echoed",
    async run(ctx) {
      const answer = await ctx.client.send({ path: "/", host: ctx.hosts.unknown });
      const noShop = /Shop nicht gefunden/i.test(answer.body);
      const echoed = answer.body.includes("evil.example");
      return {
        ok: noShop && !echoed && answer.status < 500,
        got: `${answer.status}, ${noShop ? "no-shop page" : "not the no-shop page"}${echoed ? ", host echoed" : ""}`,
      };
    },
  },
  {
    group,
    name: "unknown host: API",
    sends: "POST /apiv2/cart/ Host evil.example:8787",
    expected: "4xx, no cart written (no cookie)",
    async run(ctx) {
      const answer = await ctx.client.send({
        method: "POST",
        path: "/apiv2/cart/",
        host: ctx.hosts.unknown,
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      const cookie = setCookies(answer).length > 0;
      return { ok: answer.status >= 400 && answer.status < 500 && !cookie, got: `${statusLine(answer)}${cookie ? ", Set-Cookie" : ""}` };
    },
  },
  {
    group,
    name: "token cookie attributes",
    sends: "POST /apiv2/cart/ (a first write, new visitor)",
    expected: "HttpOnly; SameSite=Strict; no Domain",
    async run(ctx) {
      const answer = await firstWrite(ctx);
      const line = setCookies(answer).find((cookie) => /token/i.test(cookie.split("=")[0]!));
      if (!line) return { ok: false, got: `${statusLine(answer)}, no token cookie` };
      const attributes = line
        .split(";")
        .slice(1)
        .map((part) => part.trim().toLowerCase());
      const problems = [
        ...(attributes.includes("httponly") ? [] : ["no HttpOnly"]),
        ...(attributes.includes("samesite=strict") ? [] : ["not SameSite=Strict"]),
        ...(attributes.some((attribute) => attribute.startsWith("domain=")) ? ["Domain set"] : []),
      ];
      return {
        ok: answer.status === 200 && problems.length === 0,
        got: `${answer.status}, ${problems.length ? problems.join(", ") : line.replace(/=[^;]+/, "=…")}`,
      };
    },
  },
  {
    group,
    name: "x-visitor-token never reaches the client",
    sends: "POST /apiv2/cart/ (new visitor), GET /apiv2/cart/",
    expected: "no x-visitor-token header, no token in JSON",
    async run(ctx) {
      const write = await firstWrite(ctx);
      const cookie = setCookies(write)[0]?.split(";")[0];
      const read = cookie ? await ctx.client.send({ path: "/apiv2/cart/", headers: { cookie } }) : write;
      const token = cookie?.split("=")[1];
      const leaks = [write, read].filter((answer) => answer.headers["x-visitor-token"] !== undefined || (token !== undefined && answer.body.includes(token)));
      return {
        ok: write.status === 200 && cookie !== undefined && leaks.length === 0,
        got: `${write.status}/${read.status}${leaks.length ? ", token leaked" : ", not leaked"}`,
      };
    },
  },
  securityHeaders("home page", "/"),
  securityHeaders("404 page", "/no-such-page-attack.html"),
  securityHeaders("API answer", "/apiv2/masterdata"),
];
