import { buildCsp } from "./security-headers";
import { CH, DE, DE_PROD, recordingUpstream, testApp } from "@tests/kit/edge";
import { createHash } from "node:crypto";

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values.join(" ")]),
  );
}

describe("security headers on every response", () => {
  const cases: [string, string, RequestInit?][] = [
    ["page", `${DE}/parkett.html`, {}],
    ["404", `${DE}/missing.html`, {}],
    ["redirect", `${CH}/`, {}],
    ["api", `${DE}/apiv2/x`, {}],
    ["no-shop", "http://evil.example/", {}],
    ["413", `${DE}/apiv2/x`, { method: "POST", body: "x".repeat(2_000_000) }],
    ["403", `${DE}/apiv2/x`, { method: "POST", body: "{}", headers: { origin: "https://evil.example" } }],
    ["405", `${DE}/parkett.html`, { method: "DELETE" }],
  ];
  test.each(cases)("%s", async (_name, url, init) => {
    const res = await testApp().request(url, init);
    const hsts = res.headers.get("strict-transport-security") ?? "";
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31536000);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const csp = directives(res.headers.get("content-security-policy") ?? "");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'self'");
    expect(csp.get("frame-ancestors")).toBe("'self'");
  });

  test("the CSP allows the page's own inline scripts by hash, not by 'unsafe-inline'", async () => {
    const res = await testApp().request(`${DE}/`);
    const script = directives(res.headers.get("content-security-policy")!).get("script-src")!;
    const expected = createHash("sha256").update('window.pagePath="/";').digest("base64");
    expect(script).toContain(`'sha256-${expected}'`);
    expect(script).not.toContain("unsafe-inline");
    expect(script).toContain("https://www.googletagmanager.com");
    expect(await res.text()).toContain("DE home");
  });

  test("only the local environments' CSP allows the widget stand-in; the deployed ones name no loopback address", async () => {
    const local = directives((await testApp().request(`${DE}/`)).headers.get("content-security-policy")!);
    expect(local.get("script-src")).toContain("http://127.0.0.1:12131");
    expect(local.get("connect-src")).toContain("http://127.0.0.1:12131");
    for (const environment of ["production", "staging", "integration"] as const) {
      const res = await testApp({ env: { ENVIRONMENT_NAME: environment } }).request(`${DE_PROD}/`);
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("https://www.googletagmanager.com");
      expect(csp).not.toMatch(/127\.0\.0\.1|localhost|\[::1\]/);
    }
  });

  test("https pages upgrade insecure requests; http development pages do not", async () => {
    expect((await testApp().request(`${DE_PROD}/`)).headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect((await testApp().request(`${DE}/`)).headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });

  test("upstream security-relevant headers are replaced, server details dropped", async () => {
    const upstream = recordingUpstream(
      () =>
        new Response("{}", {
          headers: { "content-type": "application/json", "x-powered-by": "PHP", server: "nginx/1.0", "content-security-policy": "default-src *" },
        }),
    );
    const res = await testApp({ upstream }).request(`${DE}/apiv1/x`);
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("server")).toBeNull();
    expect(res.headers.get("content-security-policy")).toContain("object-src 'none'");
  });
});

describe("CSP helpers", () => {
  test("an empty frame list becomes frame-src 'none'", () => {
    expect(buildCsp({ script: [], style: [], img: [], font: [], connect: [], frame: [], media: [] })).toContain("frame-src 'none'");
  });

  test("video files play from the shop itself and from the media hosts the config lists, nowhere else", () => {
    expect(buildCsp({ script: [], style: [], img: [], font: [], connect: [], frame: [], media: [] })).toContain("media-src 'self';");
    const csp = buildCsp({ script: [], style: [], img: [], font: [], connect: [], frame: [], media: ["https://media.bodenhaus.example"] });
    expect(csp).toContain("media-src 'self' https://media.bodenhaus.example;");
  });
});
