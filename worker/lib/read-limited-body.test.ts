import { readLimitedBody } from "./read-limited-body";

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
