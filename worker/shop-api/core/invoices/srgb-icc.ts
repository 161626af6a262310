/**
 * An sRGB display profile (ICC v2) for the PDF/A output intent, built here rather than shipped:
 * the 128-byte header ('acsp', class 'mntr', colour space 'RGB ', PCS 'XYZ ', perceptual intent,
 * D50 illuminant), the tag table, and the tags desc, cprt, wtpt (D50), rXYZ/gXYZ/bXYZ (the sRGB
 * primaries adapted to D50) and one sampled sRGB tone curve shared by rTRC/gTRC/bTRC. Numbers are
 * s15Fixed16, big-endian; every tag starts 4-byte aligned and the header's size is the byte length.
 */

const DESCRIPTION = "sRGB IEC61966-2.1";
const COPYRIGHT = "No copyright, use freely";
/** Samples of the sRGB transfer curve (IEC 61966-2-1) in the 'curv' tag. */
const CURVE_POINTS = 1024;

const D50: [number, number, number] = [0.9642, 1.0, 0.8249];

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0) & 0x7f);
const uint32 = (value: number): number[] => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
const uint16 = (value: number): number[] => [(value >>> 8) & 0xff, value & 0xff];
const s15Fixed16 = (value: number): number[] => uint32(Math.round(value * 65536) >>> 0);

const xyzTag = ([x, y, z]: [number, number, number]): number[] => [...ascii("XYZ "), 0, 0, 0, 0, ...s15Fixed16(x), ...s15Fixed16(y), ...s15Fixed16(z)];

/** textDescriptionType (v2): the ASCII text with its terminating zero, empty Unicode and ScriptCode parts. */
const descTag = (text: string): number[] => [
  ...ascii("desc"),
  0,
  0,
  0,
  0,
  ...uint32(text.length + 1),
  ...ascii(text),
  0,
  ...uint32(0),
  ...uint32(0),
  ...uint16(0),
  0,
  ...new Array<number>(67).fill(0),
];

const textTag = (text: string): number[] => [...ascii("text"), 0, 0, 0, 0, ...ascii(text), 0];

/** The sRGB transfer curve: linear below 0.04045, else ((v + 0.055) / 1.055)^2.4. */
function curvTag(): number[] {
  const samples: number[] = [];
  for (let index = 0; index < CURVE_POINTS; index++) {
    const v = index / (CURVE_POINTS - 1);
    const linear = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    samples.push(...uint16(Math.round(linear * 65535)));
  }
  return [...ascii("curv"), 0, 0, 0, 0, ...uint32(CURVE_POINTS), ...samples];
}

const padded = (bytes: number[]): number[] => [...bytes, ...new Array<number>((4 - (bytes.length % 4)) % 4).fill(0)];

function build(): Uint8Array {
  const trc = curvTag();
  const tags: [string, number[]][] = [
    ["desc", descTag(DESCRIPTION)],
    ["cprt", textTag(COPYRIGHT)],
    ["wtpt", xyzTag(D50)],
    ["rXYZ", xyzTag([0.4361, 0.2225, 0.0139])],
    ["gXYZ", xyzTag([0.3851, 0.7169, 0.0971])],
    ["bXYZ", xyzTag([0.1431, 0.0606, 0.7141])],
    ["rTRC", trc],
    ["gTRC", trc],
    ["bTRC", trc],
  ];
  const table: number[] = uint32(tags.length);
  const data: number[] = [];
  let offset = 128 + 4 + tags.length * 12;
  const placed = new Map<number[], number>();
  for (const [signature, bytes] of tags) {
    // The three tone curves point at one copy of the curve.
    let at = placed.get(bytes);
    if (at === undefined) {
      at = offset;
      placed.set(bytes, at);
      const aligned = padded(bytes);
      data.push(...aligned);
      offset += aligned.length;
    }
    table.push(...ascii(signature), ...uint32(at), ...uint32(bytes.length));
  }
  const size = 128 + table.length + data.length;
  const header = [
    ...uint32(size),
    ...uint32(0), // preferred CMM: none
    ...uint32(0x02100000), // version 2.1.0
    ...ascii("mntr"),
    ...ascii("RGB "),
    ...ascii("XYZ "),
    ...uint16(2026),
    ...uint16(1),
    ...uint16(1),
    ...uint16(0),
    ...uint16(0),
    ...uint16(0),
    ...ascii("acsp"),
    ...uint32(0), // primary platform: none
    ...uint32(0), // flags
    ...uint32(0), // device manufacturer
    ...uint32(0), // device model
    ...new Array<number>(8).fill(0), // device attributes
    ...uint32(0), // rendering intent: perceptual
    ...s15Fixed16(D50[0]),
    ...s15Fixed16(D50[1]),
    ...s15Fixed16(D50[2]),
    ...uint32(0), // creator
  ];
  return Uint8Array.from([...header, ...new Array<number>(128 - header.length).fill(0), ...table, ...data]);
}

let profile: Uint8Array | undefined;

/** The profile's bytes, built on first use and kept for the isolate. */
export function srgbIccProfile(): Uint8Array {
  profile ??= build();
  return profile;
}
