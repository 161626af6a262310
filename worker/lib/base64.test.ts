import { base64Bytes } from "./base64";

test("base64Bytes decodes every byte value, with and without padding", () => {
  const all = Uint8Array.from({ length: 256 }, (_, index) => index);
  expect(base64Bytes(Buffer.from(all).toString("base64"))).toEqual(all);
  expect(base64Bytes("aGk=")).toEqual(new Uint8Array([104, 105]));
  expect(base64Bytes("aGk")).toEqual(new Uint8Array([104, 105]));
  expect(base64Bytes("")).toEqual(new Uint8Array(0));
});

test.each(["a", "ab$c", "äöü", "aGk=="])("base64Bytes throws on %j, which is not base64", (text) => {
  expect(() => base64Bytes(text)).toThrow();
});
