import { hexOf } from "./hex";

test("every byte value as two lower-case hex digits, in order", () => {
  const bytes = Uint8Array.from({ length: 256 }, (_, byte) => byte);
  const expected = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  expect(hexOf(bytes)).toBe(expected);
  expect(hexOf(new Uint8Array([0, 15, 16, 255]))).toBe("000f10ff");
  expect(hexOf(new Uint8Array(0))).toBe("");
});
