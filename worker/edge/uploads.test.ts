/**
 * The edge and uploads: upload calls (POST /apiv2/uploads) get the uploads limit and
 * stream through, nothing else does; Idempotency-Key goes upstream;
 * downloads come back with the shop API's headers unchanged. The last test runs the edge
 * against the real shop API with a real local D1 and R2.
 */
import { createApiHarness, multipartBody } from "@tests/kit/api-harness";
import { JPEG, join } from "@tests/kit/images";
import { createEdgeApp } from "./app";
import { CH, DE, directory, recordingUpstream, testApp, UPSTREAM_ORIGIN } from "@tests/kit/edge";

const EDGE_LIMIT = 1_048_576;
const UPLOAD_LIMIT = 41_943_040;
const DOWNLOAD_HEADERS = {
  "content-type": "image/heic",
  "content-disposition": `attachment; filename="K_che.heic"; filename*=UTF-8''K%C3%BCche.heic`,
  "x-content-type-options": "nosniff",
  "cache-control": "private, no-store",
  "content-security-policy": "default-src 'none'; sandbox",
};

const post = (body: BodyInit, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  body,
  headers: { "content-type": "multipart/form-data; boundary=b", ...headers },
});

describe("edge: upload calls", () => {
  test("an upload larger than edge.maxBodyBytes reaches the shop API intact, also behind a language prefix", async () => {
    const body = "u".repeat(5 * EDGE_LIMIT);
    for (const url of [
      `${DE}/apiv2/uploads?purpose=complaint`,
      `${DE}/apiv2/uploads/`,
      `${CH}/fr/apiv2/uploads`,
      `${DE}/apiv2/rma/uploads`,
      `${CH}/it/apiv2/rma/uploads/`,
    ]) {
      const t = testApp();
      const res = await t.request(url, post(body));
      expect(res.status).toBe(200);
      expect(t.upstream.bodies[0]).toHaveLength(body.length);
      expect(t.upstream.requests[0]!.headers.get("content-type")).toBe("multipart/form-data; boundary=b");
    }
  });

  test("only POST /apiv2/uploads: other paths and methods keep the edge limit", async () => {
    const body = "u".repeat(EDGE_LIMIT + 1);
    for (const [method, url] of [
      ["POST", `${DE}/apiv2/uploads/abc`],
      ["PUT", `${DE}/apiv2/uploads`],
      ["POST", `${DE}/apiv2/uploadsX`],
      ["POST", `${DE}/apiv2/rma`],
      ["POST", `${DE}/apiv2/rma/uploads/x`],
      ["POST", `${DE}/apiv2/cart`],
      ["POST", `${DE}/de/apiv2/uploads`],
    ] as const) {
      const t = testApp();
      const res = await t.request(url, { ...post(body), method });
      expect({ url, method, status: res.status }).toEqual({ url, method, status: 413 });
      expect(t.upstream.requests).toHaveLength(0);
    }
  });

  test("a declared Content-Length over uploads.maxRequestBytes gets 413 before any upstream call", async () => {
    const t = testApp();
    const res = await t.request(`${DE}/apiv2/uploads`, post("small", { "content-length": String(UPLOAD_LIMIT + 1) }));
    expect(res.status).toBe(413);
    expect(t.upstream.requests).toHaveLength(0);
  });

  test("an upload call has uploads.timeoutMs, not the short API time limit", async () => {
    const slow = () =>
      recordingUpstream(async () => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return Response.json({ status: 200, data: {}, errors: [], meta: {} });
      });
    const upload = testApp({ upstream: slow(), upstreamTimeoutMs: 200 });
    expect((await upload.request(`${DE}/apiv2/uploads`, post("x"))).status).toBe(200);
    const other = testApp({ upstream: slow(), upstreamTimeoutMs: 200 });
    expect((await other.request(`${DE}/apiv2/cart`, post("x", { "content-type": "application/json" }))).status).toBe(504);
  });
});

describe("edge: idempotency keys", () => {
  test("Idempotency-Key goes upstream", async () => {
    const t = testApp();
    await t.request(`${DE}/apiv2/cart`, { method: "POST", body: "{}", headers: { "idempotency-key": "k-1" } });
    expect(t.upstream.requests[0]!.headers.get("idempotency-key")).toBe("k-1");
  });
});

describe("edge: downloads", () => {
  test("the shop API's download headers and bytes pass unchanged (its sandbox CSP included)", async () => {
    const bytes = new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 255, 1, 2, 3]);
    const t = testApp({ upstream: recordingUpstream(() => new Response(bytes, { headers: DOWNLOAD_HEADERS })) });
    const res = await t.request(`${DE}/apiv2/uploads/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject(DOWNLOAD_HEADERS);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  test("only a locked-down CSP on an answer that is not HTML is kept; HTML always gets the site's", async () => {
    const cspOf = async (contentType: string, csp: string) => {
      const t = testApp({ upstream: recordingUpstream(() => new Response("x", { headers: { "content-type": contentType, "content-security-policy": csp } })) });
      return (await t.request(`${DE}/apiv2/anything`)).headers.get("content-security-policy");
    };
    expect(await cspOf("image/png", "default-src 'none'; sandbox")).toBe("default-src 'none'; sandbox");
    for (const [type, csp] of [
      ["text/html", "default-src 'none'; sandbox"],
      ["image/png", "default-src 'none'"],
      ["image/png", "sandbox"],
      ["application/json", "default-src *; sandbox"],
    ]) {
      expect(await cspOf(type!, csp!)).toContain("object-src 'none'");
    }
  });
});

describe("edge + shop API + local D1 and R2", () => {
  test("a 3 MiB photo is uploaded through the edge, and downloaded with the token cookie it set", async () => {
    const api = await createApiHarness();
    try {
      const app = createEdgeApp({
        directory,
        upstream: () => ({ upstream: { name: "in-process", fetch: (request) => api.fetch(request) }, origin: UPSTREAM_ORIGIN }),
        upstreamTimeoutMs: 5000,
      });
      const env = { ...api.env, ENVIRONMENT_NAME: "development" as const };
      const photo = join(JPEG, new Uint8Array(3 * EDGE_LIMIT));
      const { body, contentType } = multipartBody([{ fileName: "Küche.jpg", bytes: photo }]);
      const uploaded = await app.request(`${DE}/apiv2/uploads?purpose=complaint`, { method: "POST", body, headers: { "content-type": contentType } }, env);
      expect(uploaded.status).toBe(200);
      const cookie = uploaded.headers.get("set-cookie")!.split(";")[0]!;
      expect(cookie).toMatch(/^bh_token_development=/);
      const { data } = (await uploaded.json()) as { data: { uploads: { id: string }[] } };
      const downloaded = await app.request(`${DE}/apiv2/uploads/${data.uploads[0]!.id}`, { headers: { cookie } }, env);
      expect(downloaded.status).toBe(200);
      expect(Object.fromEntries(downloaded.headers)).toMatchObject({
        ...DOWNLOAD_HEADERS,
        "content-type": "image/jpeg",
        "content-disposition": `attachment; filename="K_che.jpg"; filename*=UTF-8''K%C3%BCche.jpg`,
      });
      // Buffer comparison: Jest's deep equality takes minutes on megabytes.
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(Buffer.from(photo))).toBe(true);
      expect((await app.request(`${DE}/apiv2/uploads/${data.uploads[0]!.id}`, {}, env)).status).toBe(404);
    } finally {
      await api.dispose();
    }
  });
});
