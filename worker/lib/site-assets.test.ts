/**
 * The R2 layout's listing parts (docs/decisions/0053): every key a publish can write is under
 * exactly one of a shop's prefixes, and no key of another shop is under any of them.
 */
import { blobKey, pointerKey, releaseKey, shardKey, shopListPrefixes, siteAssetKeyShop } from "./site-assets";

const hashes = ["0", "7", "a", "f"].map((digit) => `${digit}${"0123456789abcdef".repeat(4).slice(1)}`);

describe("shopListPrefixes", () => {
  const keys = [
    pointerKey("DE"),
    releaseKey("DE", "build-12-abc123"),
    releaseKey("DE", "local-2026"),
    ...hashes.flatMap((hash) => [shardKey("DE", hash), blobKey("DE", hash)]),
  ];

  test("every key of the shop's layout is under exactly one prefix", () => {
    const prefixes = shopListPrefixes("DE");
    for (const key of keys) {
      expect(siteAssetKeyShop(key)).toBe("DE");
      expect(prefixes.filter((prefix) => key.startsWith(prefix))).toHaveLength(1);
    }
  });

  test("every hash digit has its shard and blob prefix", () => {
    for (const digit of "0123456789abcdef") {
      const hash = digit.repeat(64);
      for (const key of [shardKey("DE", hash), blobKey("DE", hash)]) expect(shopListPrefixes("DE").some((prefix) => key.startsWith(prefix))).toBe(true);
    }
  });

  test("no key of another shop, and none that merely shares the shop's letters", () => {
    const others = [pointerKey("DEX"), releaseKey("CH", "build-1-abc123"), blobKey("DEX", hashes[0]!), shardKey("AT", hashes[1]!)];
    for (const key of others) expect(shopListPrefixes("DE").some((prefix) => key.startsWith(prefix))).toBe(false);
  });
});
