/**
 * The Loqate adapter against a local node:http stand-in for its API (tests/kit/loqate-stand-in.ts).
 */
import { findItem, startLoqateStandIn, type LoqateStandIn } from "@tests/kit/loqate-stand-in";
import { HELD_BACK_MS, limitFor } from "@tests/kit/json-stand-in";
import { AddressLookupError } from "./lookup";
import { LOQATE_FIND_PATH, LOQATE_RETRIEVE_PATH, loqateLookup } from "./loqate";

let service: LoqateStandIn;
beforeAll(async () => {
  service = await startLoqateStandIn();
});
afterAll(() => service.close());
beforeEach(() => {
  service.requests.length = 0;
});

const lookup = (timeoutMs = limitFor()) => loqateLookup({ key: "AA11-BB22-CC33-DD44", origin: service.origin, timeoutMs });

async function refusal(promise: Promise<unknown>): Promise<AddressLookupError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AddressLookupError);
  return error as AddressLookupError;
}

describe("find", () => {
  test("asks with the key, text, country, limit and container; maps addresses and containers", async () => {
    service.answer("Find", {
      body: {
        Items: [
          findItem("DE|TT|A|1|ENG", "Address", "Hauptstraße 5", "10115 Berlin"),
          findItem("DE|TT|B|2|ENG", "Street", "Hauptstraße", "10115 Berlin - 40 Adressen"),
          findItem("DE|TT|C|3|ENG", "BuildingNumber", "Hauptstraße 7", "10115 Berlin - 3 Adressen"),
        ],
      },
    });
    const suggestions = await lookup().find("Hauptstr", "de", 7, "DE|TT|X|9|ENG");
    expect(suggestions).toEqual([
      { id: "DE|TT|A|1|ENG", text: "Hauptstraße 5", description: "10115 Berlin", isContainer: false },
      { id: "DE|TT|B|2|ENG", text: "Hauptstraße", description: "10115 Berlin - 40 Adressen", isContainer: true },
      { id: "DE|TT|C|3|ENG", text: "Hauptstraße 7", description: "10115 Berlin - 3 Adressen", isContainer: true },
    ]);
    expect(service.requests).toEqual([
      {
        path: LOQATE_FIND_PATH,
        params: { Key: "AA11-BB22-CC33-DD44", Text: "Hauptstr", Countries: "DE", Limit: "7", IsMiddleware: "true", Container: "DE|TT|X|9|ENG" },
      },
    ]);
  });

  test("never more than the limit, even when the service answers more; items without id or text are skipped", async () => {
    const items = Array.from({ length: 12 }, (_, i) => findItem(`ID-${i}`, "Address", `Weg ${i}`, "Berlin"));
    service.answer("Find", { body: { Items: [{ Id: "", Type: "Address", Text: "x" }, { Id: "ID-x", Type: "Address" }, 42, null, ...items] } });
    const suggestions = await lookup().find("Weg", "de", 7);
    expect(suggestions.map((s) => s.id)).toEqual(["ID-0", "ID-1", "ID-2", "ID-3", "ID-4", "ID-5", "ID-6"]);
    expect(service.requests[0]!.params).not.toHaveProperty("Container");
  });

  test("the service's text comes back as plain text: no markup brackets, control or bidi characters, cut to length", async () => {
    service.answer("Find", {
      body: { Items: [findItem("ID-1", "Address", "<img src=x onerror=alert(1)>Haupt\u202estraße\u0000 5\n", `Berlin${"x".repeat(500)}`)] },
    });
    const [suggestion] = await lookup().find("Haupt", "de", 7);
    expect(suggestion!.text).toBe("img src=x onerror=alert(1) Haupt straße 5");
    expect(suggestion!.description).toHaveLength(200);
  });

  test.each([
    [
      "an error item (unknown key)",
      { body: { Items: [{ Error: "2", Description: "Unknown key", Cause: "The key you are using to access the service was not found." }] } },
    ],
    ["an error item about the request", { body: { Items: [{ Error: "1001", Description: "Text Invalid" }] } }],
    ["HTTP 500", { status: 500, body: { Message: "An error has occurred." } }],
    ["HTTP 403", { status: 403, body: "" }],
    ["not JSON", { body: "<html>maintenance</html>" }],
    ["JSON without Items", { body: { Message: "x" } }],
    ["a slow service", { body: { Items: [] }, delayMs: HELD_BACK_MS }],
  ])("%s: unavailable", async (_name, answer) => {
    service.answer("Find", answer);
    expect((await refusal(lookup(limitFor(answer)).find("Haupt", "de", 7))).reason).toBe("unavailable");
  });

  test("no service at all: unavailable", async () => {
    const closed = loqateLookup({ key: "k", origin: "http://127.0.0.1:9", timeoutMs: 500 });
    expect((await refusal(closed.find("Haupt", "de", 7))).reason).toBe("unavailable");
  });
});

describe("retrieve", () => {
  const retrieved = (fields: Record<string, unknown>) => ({
    body: {
      Items: [
        {
          Id: "DE|TT|A|1|ENG",
          Company: "",
          SubBuilding: "",
          BuildingNumber: "5",
          Street: "Hauptstraße",
          City: "Berlin",
          District: "Mitte",
          Line1: "Hauptstraße 5",
          PostalCode: "10115",
          CountryIso2: "DE",
          Label: "Hauptstraße 5\n10115 Berlin\nDEUTSCHLAND",
          ...fields,
        },
      ],
    },
  });

  test("the full address in the form's fields", async () => {
    service.answer("Retrieve", retrieved({}));
    expect(await lookup().retrieve("DE|TT|A|1|ENG")).toEqual({ street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" });
    expect(service.requests).toEqual([{ path: LOQATE_RETRIEVE_PATH, params: { Key: "AA11-BB22-CC33-DD44", Id: "DE|TT|A|1|ENG" } }]);
  });

  test("the house number goes before the street where the country writes it so", async () => {
    service.answer("Retrieve", retrieved({ BuildingNumber: "12", Street: "Rue de la Paix", City: "Paris", PostalCode: "75002", CountryIso2: "FR" }));
    expect(await lookup().retrieve("FR|1")).toMatchObject({ street: "12 Rue de la Paix", countryCode: "fr" });
  });

  test("without street and number: the first address line; without a city: the district", async () => {
    service.answer("Retrieve", retrieved({ Street: "", BuildingNumber: "", Line1: "Postfach 12 34", City: "", District: "Mitte" }));
    expect(await lookup().retrieve("DE|2")).toMatchObject({ street: "Postfach 12 34", city: "Mitte" });
  });

  test("an unknown id: not_found; an empty answer: not_found", async () => {
    service.answer("Retrieve", { body: { Items: [{ Error: "1001", Description: "Id Invalid" }] } });
    expect((await refusal(lookup().retrieve("nope"))).reason).toBe("not_found");
    service.answer("Retrieve", { body: { Items: [] } });
    expect((await refusal(lookup().retrieve("nope"))).reason).toBe("not_found");
  });

  test("account errors and an address without a country: unavailable", async () => {
    service.answer("Retrieve", { body: { Items: [{ Error: "3", Description: "Account out of credit" }] } });
    expect((await refusal(lookup().retrieve("DE|1"))).reason).toBe("unavailable");
    service.answer("Retrieve", retrieved({ CountryIso2: "" }));
    expect((await refusal(lookup().retrieve("DE|1"))).reason).toBe("unavailable");
  });
});
