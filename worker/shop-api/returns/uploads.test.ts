/**
 * POST /apiv2/rma/uploads through the real route table against a real local D1 and R2: who
 * may upload, the images that are taken, and every hostile file and body refused
 * with the contract's code naming the file, nothing stored in R2 or D1.
 */
import { deflateRawSync, gzipSync } from "node:zlib";
import { VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { multipartBody, type FilePart } from "@tests/kit/api-harness";
import { HEIC, JPEG, join, PNG, text, WEBP } from "@tests/kit/images";
import { MAX_PENDING_IMAGES } from "./uploads";
import { createReturnsHarness, daysBefore, json, lookedUp, NOW, placeOrder, signUp, type ReturnsHarness } from "@tests/kit/returns";

const MIB = 1024 * 1024;
let h: ReturnsHarness;
let visitor: string;

beforeAll(async () => {
  h = await createReturnsHarness();
  const order = await placeOrder(h, { lines: [["FLOOR-1", 2]], deliveries: [{ line: 1, quantity: 2, at: daysBefore(3) }] });
  visitor = (await lookedUp(h, order)).visitor;
});
afterAll(() => h.dispose());

/** What the refusals must leave alone: upload rows, R2 objects, visitors, lookup tokens. */
async function stored(): Promise<{ uploads: number; visitors: number; tokens: number; r2: number }> {
  const count = async (table: string) => (await h.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  return {
    uploads: await count("uploads"),
    visitors: await count("visitors"),
    tokens: await count("rma_lookup_tokens"),
    r2: (await h.env.UPLOADS.list()).objects.length,
  };
}

const send = (body: BodyInit, contentType: string | null, options: { token?: string; headers?: Record<string, string> } = {}) =>
  h.fetch("POST", "/apiv2/rma/uploads", {
    token: options.token ?? visitor,
    raw: body,
    headers: { ...(contentType ? { "content-type": contentType } : {}), ...(options.headers ?? {}) },
  });

const sendParts = (parts: FilePart[], options: { token?: string; headers?: Record<string, string> } = {}) => {
  const { body, contentType } = multipartBody(parts);
  return send(body, contentType, options);
};

/** Sends something that must be refused with `status` and `code`; checks nothing was stored; the error about the file. */
async function refused(request: () => Promise<Response>, status: number, code: string) {
  const before = await stored();
  const response = await request();
  const body = await json(response);
  expect({ status: response.status, codes: body.errors.map((e) => e.code) }).toEqual({ status, codes: expect.arrayContaining([code]) });
  expect(body.data).toBeNull();
  expect(response.headers.get(VISITOR_TOKEN_HEADER)).toBeNull();
  expect(await stored()).toEqual(before);
  return body.errors.filter((e) => e.code === code).pop()!;
}

/** A zip archive of one entry, `size` zero bytes deflated (about a thousandth of it): a zip bomb's shape. */
function zipBomb(size: number): Uint8Array {
  const data = deflateRawSync(Buffer.alloc(size));
  const name = Buffer.from("zeros.bin");
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return new Uint8Array(Buffer.concat([header, name, data, end]));
}

describe("what is taken", () => {
  test.each([
    ["kitchen.jpg", "a JPEG", JPEG],
    ["floor.png", "a PNG", PNG],
    ["detail.webp", "a WebP", WEBP],
    ["IMG_4711.HEIC", "an iPhone's HEIC", HEIC],
    ["screenshot.jpg", "a PNG named .jpg (served as the PNG it is)", PNG],
  ])("%s: %s, stored in R2 and owned by the visitor of the lookup", async (fileName, _name, bytes) => {
    const before = await stored();
    const response = await sendParts([{ fileName, bytes, contentType: "application/octet-stream" }]);
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.data).toEqual({ uploadId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), name: fileName, size: bytes.length });
    const after = await stored();
    expect(after).toEqual({ ...before, uploads: before.uploads + 1, r2: before.r2 + 1 });
    const row = await h.db
      .prepare("SELECT * FROM uploads WHERE id = ?")
      .bind(body.data.uploadId)
      .first<{ purpose: string; attached_id: string | null; content_type: string }>();
    expect(row).toMatchObject({ purpose: "complaint", attached_id: null });
    expect(row!.content_type).toBe(
      { "kitchen.jpg": "image/jpeg", "floor.png": "image/png", "detail.webp": "image/webp", "IMG_4711.HEIC": "image/heic", "screenshot.jpg": "image/png" }[
        fileName
      ],
    );
  });

  test("a signed-in customer may upload without a lookup", async () => {
    const customer = await signUp(h, "erika@example.com");
    const response = await sendParts([{ fileName: "a.jpg", bytes: JPEG }], { token: undefined, headers: customer.headers });
    expect(response.status).toBe(200);
  });
});

describe("who may upload", () => {
  test("a visitor without a lookup: 401, nothing stored", async () => {
    const stranger = "s".repeat(43);
    await refused(() => sendParts([{ fileName: "a.jpg", bytes: JPEG }], { token: stranger }), 401, "lookup_token_invalid");
    await refused(
      () =>
        h.fetch("POST", "/apiv2/rma/uploads", {
          raw: multipartBody([{ fileName: "a.jpg", bytes: JPEG }]).body,
          headers: { "content-type": multipartBody([]).contentType },
        }),
      401,
      "lookup_token_invalid",
    );
  });

  test("after the lookup expired: 401", async () => {
    h.setNow(new Date(Date.parse(NOW) + 61 * 60 * 1000).toISOString());
    try {
      await refused(() => sendParts([{ fileName: "a.jpg", bytes: JPEG }]), 401, "lookup_token_invalid");
    } finally {
      h.setNow(NOW);
    }
  });

  test(`at most ${MAX_PENDING_IMAGES} images wait for their complaint per visitor`, async () => {
    const order = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "many@example.com", deliveries: [{ line: 1, quantity: 1, at: daysBefore(1) }] });
    const busy = (await lookedUp(h, order)).visitor;
    for (let i = 0; i < MAX_PENDING_IMAGES; i++) expect((await sendParts([{ fileName: `${i}.jpg`, bytes: JPEG }], { token: busy })).status).toBe(200);
    const error = await refused(() => sendParts([{ fileName: "one-more.jpg", bytes: JPEG }], { token: busy }), 422, "upload_error");
    expect(error.params).toMatchObject({ reason: "too_many_pending" });
  });
});

describe("hostile files and bodies: refused naming the file, nothing stored", () => {
  const HTML = text("<!doctype html><html><body><script>fetch('/apiv2/cart').then(r=>r.text()).then(alert)</script></body></html>");
  const SVG = text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
  const SCRIPT = text("<script>alert(document.cookie)</script>");

  test.each([
    ["HTML named .jpg", "invoice.jpg", HTML],
    ["SVG named .jpg", "vector.jpg", SVG],
    ["a PNG signature followed by a script", "polyglot.png", join(PNG.subarray(0, 8), SCRIPT)],
    ["a PNG header (IHDR) followed by a script", "polyglot2.png", join(PNG.subarray(0, 33), SCRIPT)],
    ["a JPEG header followed by a script", "polyglot.jpg", join(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), SCRIPT)],
    ["a zip bomb named .jpg", "bomb.jpg", zipBomb(10 * MIB)],
    ["a gzip bomb named .heic", "bomb.heic", new Uint8Array(gzipSync(Buffer.alloc(10 * MIB)))],
  ])("%s: extension_not_allowed (its bytes are no image)", async (_name, fileName, bytes) => {
    const error = await refused(() => sendParts([{ fileName, bytes, contentType: "image/jpeg" }]), 422, "extension_not_allowed");
    expect(error).toMatchObject({ field: "file", params: { file: fileName, reason: "type_not_allowed" } });
    expect(error.message).toContain(fileName);
  });

  test.each([
    ["an SVG", "drawing.svg"],
    ["a zip archive", "photos.zip"],
    ["HTML", "page.html"],
    ["a double extension", "photo.jpg.exe"],
  ])("%s by its name: extension_not_allowed before a byte is read", async (_name, fileName) => {
    const error = await refused(() => sendParts([{ fileName, bytes: JPEG }]), 422, "extension_not_allowed");
    expect(error.params).toMatchObject({ file: fileName, reason: "extension_not_allowed" });
  });

  test("0 bytes: upload_error naming the file", async () => {
    const error = await refused(() => sendParts([{ fileName: "empty.jpg", bytes: new Uint8Array() }]), 400, "upload_error");
    expect(error).toMatchObject({ field: "file", params: { file: "empty.jpg", reason: "upload_failed" } });
    expect(error.message).toBe("The file empty.jpg could not be uploaded.");
  });

  test("over 10 MiB: file_too_large naming the file, as soon as it passes the limit", async () => {
    const error = await refused(() => sendParts([{ fileName: "huge.jpg", bytes: join(JPEG, new Uint8Array(10 * MIB)) }]), 413, "file_too_large");
    expect(error).toMatchObject({ params: { file: "huge.jpg", maxBytes: 10 * MIB, maxMegabytes: 10 } });
  });

  test("50 MB declared: refused before reading; 50 MB streamed without a length: cut at 10 MiB, naming the file", async () => {
    const declared = await refused(
      () => send(new Uint8Array(1024), "multipart/form-data; boundary=x", { headers: { "content-length": String(50 * 1000 * 1000) } }),
      413,
      "file_too_large",
    );
    expect(declared.params).toMatchObject({ reason: "upload_too_large" });

    const boundary = "----stream";
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fifty.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        );
        controller.enqueue(JPEG);
      },
      pull(controller) {
        if (sent >= 50 * 1000 * 1000) return controller.close();
        controller.enqueue(new Uint8Array(MIB));
        sent += MIB;
      },
    });
    const streamed = await refused(() => send(stream, `multipart/form-data; boundary=${boundary}`), 413, "file_too_large");
    expect(streamed.params).toMatchObject({ file: "fifty.jpg", reason: "file_too_large" });
    expect(sent).toBeLessThan(20 * MIB);
  });

  test("broken multipart boundaries: upload_error", async () => {
    const { body } = multipartBody([{ fileName: "a.jpg", bytes: JPEG }], "----RightBoundary");
    await refused(() => send(body, "multipart/form-data; boundary=----WrongBoundary"), 400, "upload_error");
    const cut = body.subarray(0, body.length - 30);
    const error = await refused(() => send(cut, "multipart/form-data; boundary=----RightBoundary"), 400, "upload_error");
    expect(error.params).toMatchObject({ reason: "upload_failed" });
    await refused(() => send(body, "multipart/form-data"), 415, "upload_error");
    await refused(() => send(body, `multipart/form-data; boundary=${"b".repeat(80)}`), 415, "upload_error");
    await refused(
      () => send(text(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n`), "multipart/form-data; boundary=x"),
      400,
      "upload_error",
    );
  });

  test("a gzip-encoded body is not unpacked: upload_error", async () => {
    const { body, contentType } = multipartBody([{ fileName: "a.jpg", bytes: JPEG }]);
    await refused(() => send(new Uint8Array(gzipSync(body)), contentType, { headers: { "content-encoding": "gzip" } }), 400, "upload_error");
  });

  test("not multipart, two files in one request, a file part without a name, no file at all", async () => {
    await refused(() => send(JPEG, "image/jpeg"), 415, "upload_error");
    await refused(
      () =>
        sendParts([
          { fileName: "one.jpg", bytes: JPEG },
          { fileName: "two.jpg", bytes: JPEG },
        ]),
      422,
      "upload_error",
    );
    await refused(() => sendParts([{ fileName: null, bytes: JPEG }]), 400, "upload_error");
    await refused(() => sendParts([{ name: "other", fileName: "a.jpg", bytes: JPEG }]), 422, "required");
  });
});
