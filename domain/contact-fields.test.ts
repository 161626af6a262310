import { z } from "zod";
import { addressFields, emailField, hasHouseNumber, INVALID_CHARACTERS, isPlainText, normalizeContactText, type ContactTexts } from "./contact-fields";

const texts: ContactTexts = { required: "required", email: "email", phone: "phone", zip: "zip", characters: "characters" };
const address = z.object(addressFields(texts));
const valid = {
  firstname: "Erika",
  lastname: "Muster",
  company: "Muster & Söhne",
  street: "Hauptstraße 5",
  zip: "10115",
  city: "Berlin",
  phone: "+49 (30) 123-45/67",
};

describe("plain text", () => {
  test.each([
    ["Latin with diacritics", "Zoë Ørsted-Müller"],
    ["an apostrophe and an ampersand", "O'Brien & Söhne"],
    ["Greek", "Αθήνα"],
    ["Arabic", "محمد"],
    ["Persian with a zero-width non-joiner", "می\u200cخواهم"],
    ["an emoji sequence with a zero-width joiner", "👩\u200d🔧"],
    ["a no-break space", "Rue\u00a0du Lac"],
    ["combining marks", "Zoe\u0308"],
  ])("%s is plain text", (_name, text) => {
    expect(isPlainText(text)).toBe(true);
  });

  test.each([
    ["<", "a<b"],
    [">", "a>b"],
    ["NUL", "a\u0000b"],
    ["ESC", "a\u001bb"],
    ["tab", "a\tb"],
    ["line feed", "a\nb"],
    ["carriage return", "a\rb"],
    ["DEL", "a\u007fb"],
    ["C1 next line", "a\u0085b"],
    ["C1 control sequence introducer", "a\u009bb"],
    ["line separator", "a\u2028b"],
    ["paragraph separator", "a\u2029b"],
    ["unpaired high surrogate", "a\ud800b"],
    ["unpaired low surrogate", "a\udc00b"],
    ["left-to-right mark", "a\u200eb"],
    ["right-to-left mark", "a\u200fb"],
    ["Arabic letter mark", "a\u061cb"],
    ...["\u202a", "\u202b", "\u202c", "\u202d", "\u202e"].map((c) => [`embedding or override U+${c.charCodeAt(0).toString(16).toUpperCase()}`, `a${c}b`]),
    ...["\u2066", "\u2067", "\u2068", "\u2069"].map((c) => [`isolate U+${c.charCodeAt(0).toString(16).toUpperCase()}`, `a${c}b`]),
    ["zero-width space", "a\u200bb"],
    ["word joiner", "a\u2060b"],
    ["byte order mark", "a\ufeffb"],
    ["soft hyphen", "a\u00adb"],
    ["interlinear annotation", "a\ufff9b"],
    ["tag character", "a\u{e0041}b"],
  ])("%s is not", (_name, text) => {
    expect(isPlainText(text)).toBe(false);
  });
});

test("values are NFC and trimmed", () => {
  expect(normalizeContactText("  Zoe\u0308\u00a0")).toBe("Zo\u00eb");
  expect(normalizeContactText("\u212b")).toBe("\u00c5");
});

describe("the address fields", () => {
  test("take a real address and give it back normalised", () => {
    expect(address.parse({ ...valid, firstname: " Zoe\u0308 ", city: "\u0141o\u0301dz\u0301" })).toEqual({
      ...valid,
      firstname: "Zo\u00eb",
      city: "\u0141\u00f3d\u017a",
    });
  });

  test("refuse markup and invisible characters in every free-text field with the characters message and its code", () => {
    for (const field of ["firstname", "lastname", "company", "street", "city"]) {
      for (const value of ["<b>x</b>", "x\u202ey", "x\u0000y", "x\ny"]) {
        const result = address.safeParse({ ...valid, [field]: value });
        expect(result.success).toBe(false);
        expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message: "characters", params: { code: INVALID_CHARACTERS } })]);
      }
    }
  });

  test("formatted fields answer with their own message", () => {
    expect(address.safeParse({ ...valid, zip: "10115\u202e" }).error?.issues).toEqual([expect.objectContaining({ path: ["zip"], message: "zip" })]);
    expect(address.safeParse({ ...valid, phone: "+49\u200f30" }).error?.issues).toEqual([expect.objectContaining({ path: ["phone"], message: "phone" })]);
    expect(address.safeParse({ ...valid, phone: "x".repeat(41) }).error?.issues[0]).toMatchObject({ path: ["phone"], message: "phone" });
    expect(z.object({ email: emailField(texts) }).safeParse({ email: "erika@example.com\u202e" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["email"], message: "email" }),
    ]);
  });

  test("required fields: blank after trimming is missing; optional ones may be left out", () => {
    expect(address.safeParse({ ...valid, lastname: " \u00a0 " }).error?.issues).toEqual([expect.objectContaining({ path: ["lastname"], message: "required" })]);
    const required = Object.fromEntries(Object.entries(valid).filter(([field]) => field !== "company" && field !== "phone"));
    expect(address.safeParse(required).success).toBe(true);
    expect(address.safeParse({}).error?.issues.map((issue) => issue.path[0])).toEqual(["firstname", "lastname", "street", "zip", "city"]);
  });

  test("lengths count after normalising", () => {
    expect(address.safeParse({ ...valid, firstname: "e\u0301".repeat(80) }).success).toBe(true);
    expect(address.safeParse({ ...valid, firstname: "e".repeat(81) }).success).toBe(false);
  });
});

test("house number", () => {
  expect(hasHouseNumber("Hauptstraße 5")).toBe(true);
  expect(hasHouseNumber("Hauptstraße")).toBe(false);
});
