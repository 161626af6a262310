import { readLimitedBody, readLimitedText } from "./read-limited-body";

const stream = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });

describe("readLimitedBody", () => {
  test("joins the chunks of a body within the limit", async () => {
    const bytes = await readLimitedBody(stream("ab", "cd"), 4);
    expect(new TextDecoder().decode(bytes!)).toBe("abcd");
  });

  test("gives null once the body grows beyond the limit", async () => {
    expect(await readLimitedBody(stream("ab", "cde"), 4)).toBeNull();
  });

  test("an absent body is empty", async () => {
    expect((await readLimitedBody(null, 1))!.byteLength).toBe(0);
  });
});

describe("readLimitedText", () => {
  const bytes = (...parts: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });

  test("decodes chunk by chunk, also a character split between two chunks", async () => {
    const encoded = new TextEncoder().encode("geölt");
    expect(await readLimitedText(bytes(encoded.slice(0, 3), encoded.slice(3)), encoded.byteLength)).toBe("geölt");
  });

  test("counts bytes, not characters, against the limit", async () => {
    expect(await readLimitedText(stream("öö"), 3)).toBeNull();
    expect(await readLimitedText(stream("öö"), 4)).toBe("öö");
  });

  test("an absent body is empty", async () => {
    expect(await readLimitedText(null, 1)).toBe("");
  });
});
