import { contentRange, parseByteRange, sliceStream } from "./byte-range";

const SIZE = 1000;

describe("byte ranges", () => {
  test.each([
    ["bytes=0-99", 0, 99],
    ["bytes=100-", 100, 999],
    ["bytes=-100", 900, 999],
    ["bytes=-5000", 0, 999],
    ["bytes=990-5000", 990, 999],
    ["bytes=999-999", 999, 999],
    ["BYTES = 0-0 ", 0, 0],
    ["bytes=0-99999999999999999999999", 0, 999],
  ])("%s is the part %i-%i", (header, start, end) => {
    expect(parseByteRange(header, SIZE)).toEqual({ kind: "part", start, end });
  });

  test.each([["bytes=-0"], ["bytes=1000-"], ["bytes=1000-1000"], ["bytes=5000-6000"], ["bytes=99999999999999999999999-"]])(
    "%s cannot be satisfied",
    (header) => {
      expect(parseByteRange(header, SIZE)).toEqual({ kind: "unsatisfiable" });
    },
  );

  test("no range of an empty file can be satisfied", () => {
    expect(parseByteRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseByteRange("bytes=-10", 0)).toEqual({ kind: "unsatisfiable" });
  });

  test.each([
    [null],
    [""],
    ["bytes="],
    ["bytes=-"],
    ["bytes=abc"],
    ["bytes=5-2"],
    ["bytes=0-1,5-6"],
    ["bytes=0-499,400-999"],
    ["bytes=0-1, 0-1"],
    ["items=0-1"],
    ["bytes=0x10-20"],
    ["bytes=-1-2"],
    ["bytes=1.5-2"],
    ["bytes=1e3-"],
    ["bytes=0-1\u0000"],
    [`bytes=${"0".repeat(200)}-1`],
    ["garbage"],
  ])("%j is answered with the whole file", (header) => {
    expect(parseByteRange(header, SIZE)).toEqual({ kind: "whole" });
  });

  test("Content-Range names the part and the size, or only the size", () => {
    expect(contentRange({ kind: "part", start: 0, end: 99 }, SIZE)).toBe("bytes 0-99/1000");
    expect(contentRange({ kind: "unsatisfiable" }, SIZE)).toBe("bytes */1000");
    expect(contentRange({ kind: "whole" }, SIZE)).toBeNull();
  });

  test("a slice of a stream in chunks is exactly the bytes asked for", async () => {
    const bytes = Uint8Array.from({ length: 100 }, (_, i) => i);
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 30), bytes.subarray(30, 31), bytes.subarray(31, 100)];
    for (const [start, end] of [
      [0, 99],
      [0, 0],
      [7, 7],
      [5, 35],
      [30, 30],
      [99, 99],
      [31, 98],
    ] as const) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
      const got = new Uint8Array(await new Response(sliceStream(stream, start, end)).arrayBuffer());
      expect([...got]).toEqual([...bytes.subarray(start, end + 1)]);
    }
  });
});
