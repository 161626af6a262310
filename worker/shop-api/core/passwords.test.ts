import { webcrypto } from "node:crypto";
import {
  decodePasswordHash,
  DUMMY_HASH,
  encodePasswordHash,
  hashPassword,
  needsRehash,
  PASSWORD_ITERATIONS,
  sameBytes,
  verifyEncodedPassword,
  verifyPassword,
  WORKERS_PBKDF2_MAX_ITERATIONS,
} from "./passwords";

describe("password hashing (PBKDF2-SHA-256, docs/decisions/0037)", () => {
  test("new hashes use exactly 100,000 iterations, not above the Workers runtime's limit (the deployed runtime refuses more)", async () => {
    expect(WORKERS_PBKDF2_MAX_ITERATIONS).toBe(100_000);
    expect(PASSWORD_ITERATIONS).toBe(100_000);
    expect(PASSWORD_ITERATIONS).toBeLessThanOrEqual(WORKERS_PBKDF2_MAX_ITERATIONS);
    const hash = await hashPassword("Parkett-Eiche-2026");
    expect(hash.iterations).toBe(100_000);
    expect(decodePasswordHash(encodePasswordHash(hash))?.iterations).toBe(100_000);
    await expect(hashPassword("x", WORKERS_PBKDF2_MAX_ITERATIONS + 1)).rejects.toThrow("iterations");
  });

  test("the hash is the standard PBKDF2-HMAC-SHA-256 of the password and salt (32 bytes)", async () => {
    const hash = await hashPassword("Parkett-Eiche-2026", 1000);
    const key = await webcrypto.subtle.importKey("raw", new TextEncoder().encode("Parkett-Eiche-2026"), "PBKDF2", false, ["deriveBits"]);
    const salt = Buffer.from(hash.salt, "base64");
    expect(salt).toHaveLength(16);
    const bits = await webcrypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 1000 }, key, 256);
    expect(Buffer.from(bits).toString("base64")).toBe(hash.hash);
  });

  test("a self-describing string: algorithm, iterations, salt, key; anything else does not decode", async () => {
    const encoded = encodePasswordHash(await hashPassword("Parkett-Eiche-2026"));
    expect(encoded).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(decodePasswordHash(encoded)).toMatchObject({ algorithm: "pbkdf2-sha256", iterations: 100_000 });
    for (const bad of [
      "",
      "bcrypt$10$abc$def",
      "pbkdf2-sha256$0$AAAA$AAAA",
      "pbkdf2-sha256$100000$AAAA",
      "pbkdf2-sha256$1e5$AAAA$AAAA",
      "pbkdf2-sha256$100000$<$>",
    ])
      expect(decodePasswordHash(bad)).toBeNull();
  });

  test("verifies the right password only; salts differ per hash", async () => {
    const first = await hashPassword("Parkett-Eiche-2026");
    const second = await hashPassword("Parkett-Eiche-2026");
    expect(first.salt).not.toBe(second.salt);
    expect(await verifyPassword("Parkett-Eiche-2026", first)).toBe(true);
    expect(await verifyPassword("parkett-eiche-2026", first)).toBe(false);
    expect(await verifyPassword("", first)).toBe(false);
  });

  test("a NUL byte appended (HMAC pads keys with zeros) or any control character never matches", async () => {
    const hash = await hashPassword("Parkett-Eiche-2026");
    expect(await verifyPassword("Parkett-Eiche-2026\u0000", hash)).toBe(false);
    expect(await verifyPassword("Parkett-Eiche-2026\n", hash)).toBe(false);
  });

  test("older parameters still verify and ask for a rehash; current ones do not", async () => {
    const old = await hashPassword("Parkett-Eiche-2026", 10_000);
    expect(await verifyPassword("Parkett-Eiche-2026", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword("Parkett-Eiche-2026"))).toBe(false);
  });

  test("a stored count above the runtime's limit or a malformed stored value never matches (and does the same work)", async () => {
    const hash = await hashPassword("Parkett-Eiche-2026");
    expect(await verifyPassword("Parkett-Eiche-2026", { ...hash, iterations: 200_000 })).toBe(false);
    expect(await verifyPassword("Parkett-Eiche-2026", { ...hash, salt: "not base64!" })).toBe(false);
    expect(await verifyEncodedPassword("Parkett-Eiche-2026", "garbage")).toEqual({ matches: false, stored: null });
    expect(await verifyPassword("anything", DUMMY_HASH)).toBe(false);
  });

  test("the dummy hash costs what a real one costs (no shortcut tells unknown accounts apart): the same derivation, as many iterations, as long a salt and key", async () => {
    const hash = await hashPassword("Parkett-Eiche-2026");
    const derivations: { iterations: number; salt: number; bits: number }[] = [];
    const deriveBits = crypto.subtle.deriveBits.bind(crypto.subtle);
    const spy = jest.spyOn(crypto.subtle, "deriveBits").mockImplementation((algorithm, key, length) => {
      const params = algorithm as Pbkdf2Params;
      derivations.push({ iterations: params.iterations, salt: (params.salt as Uint8Array).byteLength, bits: length ?? 0 });
      return deriveBits(algorithm, key, length);
    });
    try {
      expect(await verifyPassword("wrong-password-1", hash)).toBe(false);
      expect(await verifyPassword("wrong-password-1", DUMMY_HASH)).toBe(false);
    } finally {
      spy.mockRestore();
    }
    expect(derivations).toHaveLength(2);
    expect(derivations[1]).toEqual(derivations[0]);
    expect(derivations[0]!.iterations).toBe(PASSWORD_ITERATIONS);
  });

  test("byte comparison: equal only for the same bytes and length", () => {
    expect(sameBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(sameBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(sameBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
    expect(sameBytes(new Uint8Array([1, 2, 0]), new Uint8Array([1, 2]))).toBe(false);
  });
});
