import { indexOfBytes, multipartBoundary, MultipartError, multipartEvents, type MultipartEvent } from "./multipart";

const encode = (value: string) => new TextEncoder().encode(value);

/** The body in chunks of `size` bytes (every split point gets exercised by size 1). */
async function* chunked(body: string | Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  const bytes = typeof body === "string" ? encode(body) : body;
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

interface Part {
  name: string;
  fileName: string | null;
  body: string;
}

async function parts(body: string | Uint8Array, boundary: string, size = 7): Promise<Part[]> {
  const result: Part[] = [];
  let current: { name: string; fileName: string | null; bytes: number[] } | null = null;
  for await (const event of multipartEvents(chunked(body, size), boundary) as AsyncGenerator<MultipartEvent>) {
    if (event.kind === "part") current = { ...event.headers, bytes: [] };
    else if (event.kind === "data") current!.bytes.push(...event.bytes);
    else {
      result.push({ name: current!.name, fileName: current!.fileName, body: new TextDecoder().decode(new Uint8Array(current!.bytes)) });
      current = null;
    }
  }
  return result;
}

const BODY =
  "preamble to ignore\r\n" +
  "--XyZ\r\n" +
  'Content-Disposition: form-data; name="file"; filename="a.jpg"\r\n' +
  "Content-Type: image/jpeg\r\n\r\n" +
  "first\r\nline --XyZ inside a line is data\r\n" +
  "--XyZ\r\n" +
  'Content-Disposition: form-data; name="note"\r\n\r\n' +
  "hello\r\n" +
  "--XyZ--\r\n" +
  "epilogue";

describe("multipart/form-data reader", () => {
  test("boundaries of Content-Type headers", () => {
    expect(multipartBoundary("multipart/form-data; boundary=----WebKitFormBoundaryabc123")).toBe("----WebKitFormBoundaryabc123");
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe("a b:c");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary("multipart/mixed; boundary=x")).toBeNull();
    expect(multipartBoundary("application/json")).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
    expect(multipartBoundary('multipart/form-data; boundary="ends with space "')).toBeNull();
  });

  test("parts, whatever the chunk size (every split point of the body)", async () => {
    for (const size of [1, 2, 3, 5, 8, 64, 10_000]) {
      const result = await parts(BODY, "XyZ", size);
      expect(result).toEqual([
        { name: "file", fileName: "a.jpg", body: "first\r\nline --XyZ inside a line is data" },
        { name: "note", fileName: null, body: "hello" },
      ]);
    }
  });

  test("a body starting right with the boundary; an empty part; binary data with CR bytes", async () => {
    const binary = new Uint8Array([13, 10, 45, 45, 13, 13, 10, 0, 255]);
    const body = new Uint8Array([
      ...encode('--b\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\n'),
      ...binary,
      ...encode('\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="empty.png"\r\n\r\n\r\n--b--'),
    ]);
    const events: MultipartEvent[] = [];
    for await (const event of multipartEvents(chunked(body, 3), "b")) events.push(event.kind === "data" ? { kind: "data", bytes: event.bytes.slice() } : event);
    const data = events.filter((event) => event.kind === "data").flatMap((event) => [...event.bytes]);
    expect(data).toEqual([...binary]);
    expect(events.filter((event) => event.kind === "part")).toHaveLength(2);
    expect(events.at(-1)).toEqual({ kind: "end" });
  });

  test("file names: quoted with backslash escapes, RFC 5987 filename*, raw UTF-8", async () => {
    const body = (disposition: string) => `--b\r\nContent-Disposition: ${disposition}\r\n\r\nx\r\n--b--`;
    expect((await parts(body('form-data; name="file"; filename="say \\"hi\\".jpg"'), "b"))[0]!.fileName).toBe('say "hi".jpg');
    expect((await parts(body(`form-data; name="file"; filename="fallback.jpg"; filename*=UTF-8''K%C3%BCche.jpg`), "b"))[0]!.fileName).toBe("Küche.jpg");
    expect((await parts(body('form-data; name="file"; filename="Küche.jpg"'), "b"))[0]!.fileName).toBe("Küche.jpg");
    expect((await parts(body('form-data; name="file"; filename="bare\nline feed.jpg"'), "b"))[0]!.fileName).toBe("bare\nline feed.jpg");
    expect((await parts(body("form-data; name=file; filename=plain.jpg"), "b"))[0]).toMatchObject({ name: "file", fileName: "plain.jpg" });
    expect((await parts(body(`form-data; name="file"; filename*=UTF-8''%E0%A4%A.jpg`), "b"))[0]!.fileName).toBeNull();
  });

  test("malformed bodies throw MultipartError", async () => {
    const expectMalformed = (body: string, boundary = "b") => expect(parts(body, boundary)).rejects.toBeInstanceOf(MultipartError);
    await expectMalformed("no boundary anywhere");
    await expectMalformed('--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nno final boundary');
    await expectMalformed("--b\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--b--");
    await expectMalformed('--b\r\nContent-Disposition: attachment; name="file"\r\n\r\nx\r\n--b--');
    await expectMalformed("--bGARBAGE\r\n\r\nx\r\n--b--");
    await expectMalformed(`--b\r\nContent-Disposition: form-data; name="x"; filler="${"y".repeat(9000)}"\r\n\r\nx\r\n--b--`);
    await expectMalformed("");
  });

  test("nothing after the final boundary is read", async () => {
    let pulled = 0;
    async function* body(): AsyncGenerator<Uint8Array> {
      yield encode('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--');
      for (;;) {
        pulled++;
        yield encode("epilogue");
      }
    }
    const events = [];
    for await (const event of multipartEvents(body(), "b")) events.push(event.kind);
    expect(events).toEqual(["part", "data", "end"]);
    expect(pulled).toBe(0);
  });

  test("indexOfBytes", () => {
    expect(indexOfBytes(encode("abcabd"), encode("abd"))).toBe(3);
    expect(indexOfBytes(encode("abcabd"), encode("abc"), 1)).toBe(-1);
    expect(indexOfBytes(encode("ab"), encode("abc"))).toBe(-1);
  });
});
