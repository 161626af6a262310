/**
 * The upload endpoints through the shop API's real route table, against a real local D1
 * and R2 (Miniflare): what is accepted, stored and served back, to whom, and that every
 * refusal names the file and leaves D1 and R2 as they were.
 */
import { VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { sha256Hex } from "../auth";
import type { ApiErrorItem } from "../envelope";
import { apiHeaders, createApiHarness, multipartBody, storedCounts, uploadRequest, type ApiHarness, type FilePart } from "@tests/kit/api-harness";
import { HEIC, JPEG, join, PNG, text, WEBP } from "@tests/kit/images";
import { runScheduledJobs } from "@tests/kit/shop-api";

interface UploadAnswer {
  status: number;
  data: { uploads: { id: string; fileName: string; contentType: string; size: number }[] } | null;
  errors: ApiErrorItem[];
  meta: { token?: string };
}

const MAX_FILE_BYTES = 10 * 1024 * 1024;
const HTML = text("<!doctype html><html><body><script>fetch('/apiv2/cart').then(r=>r.text()).then(alert)</script></body></html>");
const SVG = text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
const PDF = text("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF");

/** A streamed request body (Node's fetch wants `duplex` for one). */
type StreamedInit = RequestInit & { duplex: "half" };

/** A JPEG of exactly `size` bytes (a real JPEG's start, padded). */
const jpegOfSize = (size: number): Uint8Array<ArrayBuffer> => join(JPEG, new Uint8Array(size - JPEG.length));

let h: ApiHarness;

beforeAll(async () => {
  h = await createApiHarness();
});

afterAll(() => h.dispose());

/** The answer, and the visitor token the shop API handed to the edge (x-visitor-token), if any. */
async function send(request: Request): Promise<{ response: Response; body: UploadAnswer; token: string | undefined }> {
  const response = await h.fetch(request);
  return { response, body: (await response.json()) as UploadAnswer, token: response.headers.get(VISITOR_TOKEN_HEADER) ?? undefined };
}

async function upload(parts: FilePart[], token?: string): Promise<{ token: string; ids: string[] }> {
  const { response, body, token: handed } = await send(uploadRequest(parts, { token }));
  expect(response.status).toBe(200);
  return { token: token ?? handed!, ids: body.data!.uploads.map((u) => u.id) };
}

const download = (id: string, token?: string, shop = "DE") =>
  h.fetch(new Request(`http://shop-api/apiv2/uploads/${id}`, { headers: apiHeaders({ token, shop }) }));

/** Sends a request that must be refused: returns the error with the code, and checks D1 and R2 did not change. */
async function refused(request: Request, status: number, code: string): Promise<ApiErrorItem> {
  const before = await storedCounts(h);
  const { response, body, token } = await send(request);
  expect({ status: response.status, codes: body.errors.map((e) => e.code) }).toEqual({ status, codes: expect.arrayContaining([code]) });
  expect(body.data).toBeNull();
  expect(token).toBeUndefined();
  expect(await storedCounts(h)).toEqual(before);
  // The error about the field (after the generic one of a validation failure).
  return body.errors.filter((e) => e.code === code).pop()!;
}

describe("POST /apiv2/uploads: accepted images", () => {
  test("a JPEG, PNG, WebP and HEIC are stored in R2 with the type their bytes show, owned by a new visitor", async () => {
    const before = await storedCounts(h);
    const parts: FilePart[] = [
      { fileName: "kitchen.jpg", bytes: JPEG, contentType: "application/octet-stream" },
      { fileName: "floor.png", bytes: PNG, contentType: "text/html" },
      { fileName: "detail.webp", bytes: WEBP },
      { fileName: "IMG_4711.HEIC", bytes: HEIC, contentType: "image/heic" },
    ];
    const { response, body, token: handed } = await send(uploadRequest(parts));
    expect(response.status).toBe(200);
    expect(body.data!.uploads.map(({ fileName, contentType, size }) => ({ fileName, contentType, size }))).toEqual([
      { fileName: "kitchen.jpg", contentType: "image/jpeg", size: JPEG.length },
      { fileName: "floor.png", contentType: "image/png", size: PNG.length },
      { fileName: "detail.webp", contentType: "image/webp", size: WEBP.length },
      { fileName: "IMG_4711.HEIC", contentType: "image/heic", size: HEIC.length },
    ]);
    const token = handed!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await storedCounts(h)).toEqual({ ...before, visitors: before.visitors! + 1, uploads: before.uploads! + 4, r2Objects: before.r2Objects! + 4 });

    for (const [i, uploaded] of body.data!.uploads.entries()) {
      const row = await h.db
        .prepare("SELECT owner_id, shop_id, r2_key, purpose, attached_id FROM uploads WHERE id = ?")
        .bind(uploaded.id)
        .first<Record<string, string | null>>();
      expect(row).toEqual({
        owner_id: await sha256Hex(token),
        shop_id: "DE",
        r2_key: `uploads/DE/2026-11-18/${uploaded.id}`,
        purpose: "complaint",
        attached_id: null,
      });
      const object = await h.uploads.get(row!.r2_key!);
      expect(object!.httpMetadata!.contentType).toBe(uploaded.contentType);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(parts[i]!.bytes);
    }
  });

  test("served back to the owner only as an attachment, nosniff, with the stored type, never cached and sandboxed", async () => {
    const { token, ids } = await upload([{ fileName: "Küche (1).jpg", bytes: JPEG }]);
    const response = await download(ids[0]!, token);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/jpeg",
      "content-length": String(JPEG.length),
      "content-disposition": `attachment; filename="K_che (1).jpg"; filename*=UTF-8''K%C3%BCche%20%281%29.jpg`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "content-security-policy": "default-src 'none'; sandbox",
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(JPEG);
  });

  test("a second upload of the same visitor creates no visitor and sends no new token", async () => {
    const { token } = await upload([{ fileName: "a.jpg", bytes: JPEG }]);
    const before = await storedCounts(h);
    const { token: handed } = await send(uploadRequest([{ fileName: "b.png", bytes: PNG }], { token }));
    expect(handed).toBeUndefined();
    expect(await storedCounts(h)).toEqual({ ...before, uploads: before.uploads! + 1, r2Objects: before.r2Objects! + 1 });
  });

  test("a file of exactly the file limit is accepted; a file name's extension need not match its bytes", async () => {
    const { ids, token } = await upload([{ fileName: "screenshot.jpg", bytes: join(PNG, new Uint8Array(MAX_FILE_BYTES - PNG.length)) }]);
    const response = await download(ids[0]!, token);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe(String(MAX_FILE_BYTES));
    await response.arrayBuffer();
  });

  test("a browser's FormData body (the runtime's own multipart writer) is read the same", async () => {
    const form = new FormData();
    form.append("note", "kept out");
    form.append("file", new Blob([JPEG], { type: "image/jpeg" }), "from-form.jpeg");
    form.append("file", new Blob([HEIC]), "phone.heif");
    const { response, body } = await send(
      new Request("http://shop-api/apiv2/uploads?purpose=complaint", { method: "POST", headers: apiHeaders({}), body: form }),
    );
    expect(response.status).toBe(200);
    expect(body.data!.uploads.map((u) => [u.fileName, u.contentType])).toEqual([
      ["from-form.jpeg", "image/jpeg"],
      ["phone.heif", "image/heic"],
    ]);
  });
});

describe("GET /apiv2/uploads/:id: nobody else learns that an upload exists", () => {
  test("another visitor, no token, another shop, an unknown or malformed id: the same 404", async () => {
    const { token, ids } = await upload([{ fileName: "private.jpg", bytes: JPEG }]);
    const other = await upload([{ fileName: "other.png", bytes: PNG }]);
    const missing = await (await download("AAAAAAAAAAAAAAAAAAAAAA", token)).json();
    for (const response of [
      await download(ids[0]!, other.token),
      await download(ids[0]!),
      await download(ids[0]!, "not-a-well-formed-token"),
      await download(ids[0]!, token, "CH"),
      await download("..%2F..%2Fetc", token),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual(missing);
    }
    expect((await download(other.ids[0]!, other.token)).status).toBe(200);
  });
});

describe("POST /apiv2/uploads: refusals name the file and store nothing", () => {
  test("HTML named x.jpg", async () => {
    const error = await refused(uploadRequest([{ fileName: "x.jpg", bytes: HTML }]), 422, "type_not_allowed");
    expect(error).toEqual({
      message: "The file x.jpg is not a JPEG, PNG, WebP or HEIC image.",
      code: "type_not_allowed",
      field: "file",
      params: { file: "x.jpg" },
    });
  });

  test("HTML named x.jpg of a visitor who has a token: still nothing stored", async () => {
    const { token } = await upload([{ fileName: "ok.jpg", bytes: JPEG }]);
    await refused(uploadRequest([{ fileName: "x.jpg", bytes: HTML }], { token }), 422, "type_not_allowed");
  });

  test("SVG and PDF: by extension, and by their bytes under an image name", async () => {
    expect((await refused(uploadRequest([{ fileName: "drawing.svg", bytes: SVG }]), 422, "extension_not_allowed")).params).toEqual({ file: "drawing.svg" });
    expect((await refused(uploadRequest([{ fileName: "drawing.png", bytes: SVG, contentType: "image/png" }]), 422, "type_not_allowed")).params).toEqual({
      file: "drawing.png",
    });
    expect((await refused(uploadRequest([{ fileName: "invoice.pdf", bytes: PDF }]), 422, "extension_not_allowed")).message).toBe(
      "The file extension of invoice.pdf is not allowed.",
    );
    await refused(uploadRequest([{ fileName: "invoice.jpeg", bytes: PDF }]), 422, "type_not_allowed");
  });

  test("a PNG signature followed by a script; an HTML page with an image name and a bidi-reversed extension", async () => {
    await refused(uploadRequest([{ fileName: "x.png", bytes: join(PNG.subarray(0, 8), HTML) }]), 422, "type_not_allowed");
    await refused(uploadRequest([{ fileName: "photo\u202egpj.html", bytes: JPEG }]), 422, "extension_not_allowed");
  });

  test("a zero-byte file", async () => {
    const error = await refused(uploadRequest([{ fileName: "empty.jpg", bytes: new Uint8Array() }]), 400, "upload_failed");
    expect(error).toEqual({ message: "The file empty.jpg could not be uploaded.", code: "upload_failed", field: "file", params: { file: "empty.jpg" } });
  });

  test("a file one byte over the file limit", async () => {
    const error = await refused(uploadRequest([{ fileName: "huge.jpg", bytes: jpegOfSize(MAX_FILE_BYTES + 1) }]), 413, "file_too_large");
    expect(error.params).toEqual({ file: "huge.jpg", maxBytes: MAX_FILE_BYTES, maxMegabytes: 10 });
  });

  test("seven files: the six already stored in R2 are deleted again", async () => {
    const parts = Array.from({ length: 7 }, (_, i) => ({ fileName: `photo-${i + 1}.jpg`, bytes: JPEG }));
    expect((await refused(uploadRequest(parts), 422, "too_many_files")).params).toEqual({ maxFiles: 6 });
  });

  test("a good file followed by a bad one: the good one's R2 object is deleted, no row written", async () => {
    const error = await refused(
      uploadRequest([
        { fileName: "good.jpg", bytes: JPEG },
        { fileName: "bad.jpg", bytes: HTML },
      ]),
      422,
      "type_not_allowed",
    );
    expect(error.params).toEqual({ file: "bad.jpg" });
  });

  test("more than the request limit in total (five files of 9 MiB), whatever Content-Length said", async () => {
    const parts = Array.from({ length: 5 }, (_, i) => ({ fileName: `big-${i}.jpg`, bytes: jpegOfSize(9 * 1024 * 1024) }));
    const { body, contentType } = multipartBody(parts);
    expect(
      (
        await refused(
          new Request("http://shop-api/apiv2/uploads?purpose=complaint", { method: "POST", headers: apiHeaders({}, { "content-type": contentType }), body }),
          413,
          "upload_too_large",
        )
      ).params,
    ).toEqual({
      maxBytes: 40 * 1024 * 1024,
      maxMegabytes: 40,
    });
    const lying = new Request("http://shop-api/apiv2/uploads?purpose=complaint", {
      method: "POST",
      headers: apiHeaders({}, { "content-type": contentType, "content-length": "1000" }),
      body,
    });
    await refused(lying, 413, "upload_too_large");
  });

  test("a declared Content-Length over the request limit is refused before any byte is read", async () => {
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const init: StreamedInit = {
      method: "POST",
      headers: apiHeaders({}, { "content-type": "multipart/form-data; boundary=x", "content-length": String(40 * 1024 * 1024 + 1) }),
      body: stream,
      duplex: "half",
    };
    const request = new Request("http://shop-api/apiv2/uploads?purpose=complaint", init);
    await refused(request, 413, "upload_too_large");
    expect(pulls).toBeLessThanOrEqual(1);
  });

  test("an endless body without Content-Length stops being read at the limit", async () => {
    let sent = 0;
    const opening = text(`--endless\r\nContent-Disposition: form-data; name="file"; filename="endless.jpg"\r\n\r\n`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(join(opening, JPEG));
      },
      pull(controller) {
        sent += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const init: StreamedInit = {
      method: "POST",
      headers: apiHeaders({}, { "content-type": "multipart/form-data; boundary=endless" }),
      body: stream,
      duplex: "half",
    };
    const request = new Request("http://shop-api/apiv2/uploads?purpose=complaint", init);
    const error = await refused(request, 413, "file_too_large");
    expect(error.params!.file).toBe("endless.jpg");
    expect(sent).toBeLessThan(12 * 1024 * 1024);
  });

  test("a body that is not multipart/form-data", async () => {
    await refused(
      new Request("http://shop-api/apiv2/uploads?purpose=complaint", {
        method: "POST",
        headers: apiHeaders({}, { "content-type": "application/json" }),
        body: '{"file":"x.jpg"}',
      }),
      415,
      "upload_failed",
    );
    await refused(
      new Request("http://shop-api/apiv2/uploads?purpose=complaint", { method: "POST", headers: apiHeaders({}, { "content-type": "image/jpeg" }), body: JPEG }),
      415,
      "upload_failed",
    );
    await refused(
      new Request("http://shop-api/apiv2/uploads?purpose=complaint", {
        method: "POST",
        headers: apiHeaders({}, { "content-type": "multipart/form-data" }),
        body: JPEG,
      }),
      415,
      "upload_failed",
    );
  });

  test("wrong boundaries and cut-off bodies: upload error naming the file being read", async () => {
    const { body, contentType } = multipartBody([{ fileName: "cut.jpg", bytes: JPEG }]);
    await refused(
      new Request("http://shop-api/apiv2/uploads?purpose=complaint", {
        method: "POST",
        headers: apiHeaders({}, { "content-type": "multipart/form-data; boundary=somethingElse" }),
        body,
      }),
      400,
      "upload_failed",
    );
    const cut = await refused(
      new Request("http://shop-api/apiv2/uploads?purpose=complaint", {
        method: "POST",
        headers: apiHeaders({}, { "content-type": contentType }),
        body: body.subarray(0, body.length - 30),
      }),
      400,
      "upload_failed",
    );
    expect(cut.params).toEqual({ file: "cut.jpg" });
  });

  test("no file part, a `file` field that is not a file, a missing or unknown purpose", async () => {
    await refused(uploadRequest([{ name: "note", fileName: null, bytes: text("hello") }]), 422, "required");
    await refused(uploadRequest([{ fileName: null, bytes: JPEG }]), 400, "upload_failed");
    expect((await refused(uploadRequest([{ fileName: "a.jpg", bytes: JPEG }], { purpose: null }), 422, "required")).field).toBe("purpose");
    expect((await refused(uploadRequest([{ fileName: "a.jpg", bytes: JPEG }], { purpose: "avatar" }), 422, "invalid")).field).toBe("purpose");
  });
});

describe("hostile file names are stored and served safely", () => {
  test.each([
    ["path traversal", 'filename="../../../etc/cron.d/evil.jpg"', "evil.jpg", `attachment; filename="evil.jpg"; filename*=UTF-8''evil.jpg`],
    ["Windows path", 'filename="C:\\\\Users\\\\x\\\\photo.png"', "photo.png", `attachment; filename="photo.png"; filename*=UTF-8''photo.png`],
    [
      "escaped quotes",
      'filename="say \\"cheese\\"; x=.jpg"',
      "say _cheese_; x=.jpg",
      `attachment; filename="say _cheese_; x=.jpg"; filename*=UTF-8''say%20_cheese_%3B%20x%3D.jpg`,
    ],
    [
      "CR LF (RFC 5987)",
      "filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1%0D%0A.jpg",
      "aSet-Cookie_ x=1.jpg",
      `attachment; filename="aSet-Cookie_ x=1.jpg"; filename*=UTF-8''aSet-Cookie_%20x%3D1.jpg`,
    ],
    [
      "bare LF and a tab in quotes",
      'filename="line\nbreak\tand tab.webp"',
      "linebreakand tab.webp",
      `attachment; filename="linebreakand tab.webp"; filename*=UTF-8''linebreakand%20tab.webp`,
    ],
  ])("%s", async (_label, parameter, stored, disposition) => {
    const bytes = parameter.includes(".png") ? PNG : parameter.includes(".webp") ? WEBP : JPEG;
    const { response, body, token } = await send(uploadRequest([{ disposition: `; name="file"; ${parameter}`, bytes }]));
    expect(response.status).toBe(200);
    const [uploaded] = body.data!.uploads;
    expect(uploaded!.fileName).toBe(stored);
    const served = await download(uploaded!.id, token);
    expect(served.headers.get("content-disposition")).toBe(disposition);
    await served.arrayBuffer();
  });
});

describe("uploads never attached to anything", () => {
  test("are deleted by the cron after uploads.unattachedRetentionHours (24), rows and R2 objects; attached ones stay", async () => {
    const { token, ids } = await upload([
      { fileName: "attached.jpg", bytes: JPEG },
      { fileName: "forgotten.jpg", bytes: JPEG },
    ]);
    await h.db
      .prepare("UPDATE uploads SET attached_type = 'complaint', attached_id = 'RMA-1', attached_at = ? WHERE id = ?")
      .bind("2026-11-18T08:30:00Z", ids[0]!)
      .run();
    h.setNow("2026-11-19T07:59:00Z");
    const recent = await upload([{ fileName: "recent.jpg", bytes: JPEG }], token);
    h.setNow("2026-11-18T08:00:00Z");
    const keyOf = async (id: string) => (await h.db.prepare("SELECT r2_key FROM uploads WHERE id = ?").bind(id).first<{ r2_key: string }>())?.r2_key;
    const forgottenKey = (await keyOf(ids[1]!))!;

    await runScheduledJobs(h.env, new Date("2026-11-19T08:00:01Z"));
    expect(await keyOf(ids[1]!)).toBeUndefined();
    expect(await h.uploads.head(forgottenKey)).toBeNull();
    expect((await download(ids[1]!, token)).status).toBe(404);
    for (const kept of [ids[0]!, recent.ids[0]!]) {
      const response = await download(kept, token);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });
});
