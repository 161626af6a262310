/**
 * Contact data of a sample order (ADR 0030): markup, control, bidi and other invisible
 * format characters are refused with a field error and nothing is stored; what is
 * stored is NFC-normalised and trimmed. Through the real route table and a local D1.
 */
import { createHarness, type Harness } from "@tests/kit/commerce";

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness("2026-11-18T08:00:00Z");
  token = (await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-1" } })).token!;
});
afterAll(() => h.dispose());

const address = {
  firstname: "Erika",
  lastname: "Muster",
  company: "Muster GmbH",
  street: "Hauptstraße 5",
  zip: "10115",
  city: "Berlin",
  countryCode: "de",
  phone: "+49 30 1234567",
};
const contact = { email: "erika@example.com", customerAddress: address };

const stored = async () =>
  (await h.db.prepare("SELECT email, address FROM sample_quotes ORDER BY id").all<{ email: string | null; address: string | null }>()).results;
const save = (body: unknown) => h.call("POST", "/apiv2/sample/product/cart", { body, token });

const CHARACTERS = "This field contains characters that are not allowed.";
const PHONE = "The entered phone number is invalid.";
const POSTCODE = "Please enter a valid postcode.";
const EMAIL = "Please enter a valid e-mail address.";

const refused: [string, string, string, string][] = [
  ["markup as a first name", "firstname", "<img src=x onerror=alert(1)>", CHARACTERS],
  ["a closing bracket alone", "lastname", "Muster >", CHARACTERS],
  ["NUL, ESC and a right-to-left override in a last name", "lastname", "Re\u0000v\u001b[31mi\u202eewer", CHARACTERS],
  ["a right-to-left override in the company", "company", "ACME\u202Egnp.exe", CHARACTERS],
  ["a line break with a header in the street", "street", "Hauptstraße 5\r\nBcc: all@example.com", CHARACTERS],
  ["a tab in the street", "street", "Haupt\tstraße 5", CHARACTERS],
  ["a left-to-right isolate in the city", "city", "Berlin\u2066x\u2069", CHARACTERS],
  ["a right-to-left mark in the city", "city", "Berlin\u200f", CHARACTERS],
  ["an Arabic letter mark in the first name", "firstname", "Er\u061cika", CHARACTERS],
  ["a left-to-right embedding in the first name", "firstname", "Er\u202aika", CHARACTERS],
  ["DEL in the last name", "lastname", "Mus\u007fter", CHARACTERS],
  ["a C1 control (CSI) in the last name", "lastname", "Mus\u009b31mter", CHARACTERS],
  ["a C1 next line in the city", "city", "Ber\u0085lin", CHARACTERS],
  ["a line separator in the street", "street", "Hauptstraße\u20285", CHARACTERS],
  ["a zero-width space in the first name", "firstname", "Eri\u200bka", CHARACTERS],
  ["a byte order mark in the company", "company", "Muster\ufeffGmbH", CHARACTERS],
  ["an unpaired surrogate in the city", "city", "Berlin\ud800", CHARACTERS],
  ["a bidi override in the postcode", "zip", "10115\u202e", POSTCODE],
  ["NUL in the postcode", "zip", "101\u000015", POSTCODE],
  ["markup in the postcode", "zip", "<b>10115", POSTCODE],
  ["a right-to-left mark in the phone", "phone", "+49 30\u200f 1234", PHONE],
  ["letters in the phone", "phone", "call me", PHONE],
  ["markup in the phone", "phone", "<svg onload=x>", PHONE],
];

describe("refused contact fields: 422 with the field named, nothing stored", () => {
  test.each(refused)("%s", async (_name, field, value, message) => {
    const before = await stored();
    const { status, body } = await save({ ...contact, customerAddress: { ...address, [field]: value } });
    expect(status).toBe(422);
    expect(body.data).toBeNull();
    expect(body.errors[0]).toEqual({ message: "The given data was invalid.", code: "invalid" });
    expect(body.errors.slice(1)).toContainEqual(expect.objectContaining({ field: `customerAddress.${field}`, message }));
    expect(await stored()).toEqual(before);
  });

  test.each([
    ["a bidi override", "erika@example.com\u202e"],
    ["NUL", "erika@exa\u0000mple.com"],
    ["markup", "<script>@example.com"],
    ["a line break with a header", "erika@example.com\nBcc: all@example.com"],
  ])("an e-mail address with %s", async (_name, email) => {
    const before = await stored();
    const { status, body } = await save({ ...contact, email });
    expect(status).toBe(422);
    expect(body.errors.slice(1)).toContainEqual(expect.objectContaining({ field: "email", message: EMAIL }));
    expect(await stored()).toEqual(before);
  });

  test("the character refusal carries its own code for the storefront", async () => {
    const { body } = await save({ ...contact, customerAddress: { ...address, firstname: "<b>Erika</b>" } });
    expect(body.errors[1]).toEqual({ message: CHARACTERS, code: "invalid_characters", field: "customerAddress.firstname" });
  });
});

describe("accepted contact fields are stored normalised", () => {
  test("NFC and trimmed; letters of every script, apostrophes, ampersands and hyphens stay", async () => {
    const decomposed = {
      firstname: "  Zoe\u0308 ",
      lastname: "O\u2019Brien-Mu\u0308ller",
      company: " Müller & Söhne \u00a0",
      street: "Rue de l'E\u0301glise 5",
      zip: " 10115 ",
      city: "\u0141o\u0301dz\u0301",
      countryCode: "DE",
      phone: " +49 (30) 123-45/67 ",
    };
    const { status, body } = await save({ email: "  erika@example.com ", customerAddress: decomposed });
    expect(status).toBe(200);
    const expected = {
      firstname: "Zo\u00eb",
      lastname: "O\u2019Brien-M\u00fcller",
      company: "Müller & Söhne",
      street: "Rue de l'\u00c9glise 5",
      zip: "10115",
      city: "\u0141\u00f3d\u017a",
      countryCode: "de",
      phone: "+49 (30) 123-45/67",
    };
    expect(body.data.options.contacts).toEqual({ email: "erika@example.com", customerAddress: expected });
    const rows = (await stored()).filter((row) => row.address !== null);
    expect(JSON.parse(rows.at(-1)!.address!)).toEqual(expected);
    expect(rows.at(-1)!.email).toBe("erika@example.com");
  });

  test("names in other scripts, with the joiners they need, are kept", async () => {
    const names = {
      firstname: "\u0645\u062d\u0645\u062f",
      lastname: "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
      city: "\u0391\u03b8\u03ae\u03bd\u03b1",
    };
    const { status, body } = await save({ ...contact, customerAddress: { ...address, ...names } });
    expect(status).toBe(200);
    expect(body.data.options.contacts.customerAddress).toMatchObject(names);
  });
});
