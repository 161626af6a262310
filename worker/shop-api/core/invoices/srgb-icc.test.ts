/**
 * The sRGB output-intent profile: an ICC v2 display profile whose header, tag table and tags are
 * where their offsets say, inside the file, 4-byte aligned, with the D50 white and sRGB primaries.
 */
import { srgbIccProfile } from "./srgb-icc";

const icc = Buffer.from(srgbIccProfile());
const text = (at: number, length = 4) => icc.toString("latin1", at, at + length);
const fixed = (at: number) => icc.readInt32BE(at) / 65536;

test("the header names an RGB display profile in XYZ, v2, perceptual, D50, its size its length", () => {
  expect(icc.readUInt32BE(0)).toBe(icc.length);
  expect(icc.readUInt32BE(8)).toBe(0x02100000);
  expect([text(12), text(16), text(20), text(36)]).toEqual(["mntr", "RGB ", "XYZ ", "acsp"]);
  expect(icc.readUInt32BE(64)).toBe(0);
  expect([fixed(68), fixed(72), fixed(76)].map((value) => value.toFixed(4))).toEqual(["0.9642", "1.0000", "0.8249"]);
  expect(srgbIccProfile()).toBe(srgbIccProfile());
});

test("every tag lies inside the file, 4-byte aligned, of the type its signature needs", () => {
  const count = icc.readUInt32BE(128);
  const tags = new Map<string, { offset: number; size: number }>();
  for (let index = 0; index < count; index++) {
    const entry = 132 + index * 12;
    tags.set(text(entry), { offset: icc.readUInt32BE(entry + 4), size: icc.readUInt32BE(entry + 8) });
  }
  expect([...tags.keys()].sort()).toEqual(["bTRC", "bXYZ", "cprt", "desc", "gTRC", "gXYZ", "rTRC", "rXYZ", "wtpt"]);
  for (const { offset, size } of tags.values()) {
    expect(offset % 4).toBe(0);
    expect(offset).toBeGreaterThanOrEqual(132 + count * 12);
    expect(offset + size).toBeLessThanOrEqual(icc.length);
  }
  const type = (tag: string) => text(tags.get(tag)!.offset);
  expect(["desc", "cprt", "wtpt", "rXYZ", "rTRC"].map(type)).toEqual(["desc", "text", "XYZ ", "XYZ ", "curv"]);
  const xyz = (tag: string) => [8, 12, 16].map((at) => fixed(tags.get(tag)!.offset + at).toFixed(4));
  expect(xyz("wtpt")).toEqual(["0.9642", "1.0000", "0.8249"]);
  expect(xyz("rXYZ")).toEqual(["0.4361", "0.2225", "0.0139"]);
  expect(xyz("gXYZ")).toEqual(["0.3851", "0.7169", "0.0971"]);
  expect(xyz("bXYZ")).toEqual(["0.1431", "0.0606", "0.7141"]);
  const curve = tags.get("rTRC")!;
  const points = icc.readUInt32BE(curve.offset + 8);
  expect(curve.size).toBe(12 + points * 2);
  // sRGB: 0 -> 0, 1 -> 1, mid-grey 0.5 -> about 0.214 linear.
  const sample = (at: number) => icc.readUInt16BE(curve.offset + 12 + at * 2) / 65535;
  expect([sample(0), sample(points - 1)]).toEqual([0, 1]);
  expect(sample(Math.round((points - 1) / 2))).toBeCloseTo(0.214, 2);
  const description = tags.get("desc")!;
  expect(icc.toString("latin1", description.offset + 12, description.offset + 12 + icc.readUInt32BE(description.offset + 8) - 1)).toBe("sRGB IEC61966-2.1");
});
