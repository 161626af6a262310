import { basicCredentials, BASIC_AUTH_REALM } from "./basic-auth";
import { DE, testApp } from "@tests/kit/edge";

/** The integration environment asks for basic authentication (config/shops.json); development does not. */
const DE_INTEGRATION = "https://de.integration.bodenhaus.example";
const CH_INTEGRATION = "https://ch.integration.bodenhaus.example";
const CREDENTIALS = "preview:Kiefer-Dielen-2026";
const env = { BASIC_AUTH_CREDENTIALS: CREDENTIALS };
const basic = (text: string) => ({ authorization: `Basic ${Buffer.from(text, "utf8").toString("base64")}` });

describe("the credentials of an Authorization header", () => {
  test.each([
    [`Basic ${Buffer.from(CREDENTIALS).toString("base64")}`, CREDENTIALS],
    [`basic ${Buffer.from("Jürgen:pässwort").toString("base64")}`, "Jürgen:pässwort"],
    [`Basic ${Buffer.from("a:").toString("base64")}`, "a:"],
    [null, null],
    ["", null],
    ["Basic", null],
    ["Basic ", null],
    ["Bearer abc", null],
    ["Basic not base64!", null],
    ["Basic /w==", null],
    [`Basic ${Buffer.from(CREDENTIALS).toString("base64")} extra`, null],
  ])("%s -> %s", (header, expected) => {
    expect(basicCredentials(header)).toBe(expected);
  });
});

describe("basic authentication of a shop's non-API calls in an environment that asks for it", () => {
  test.each(["/", "/parkett.html", "/sw.js", "/static/0123abcd/logo.png", "/images/products/p-1.jpg", "/kein-solcher-pfad"])(
    "%s without credentials: 401 asking for them, not cached",
    async (path) => {
      const res = await testApp({ env }).request(`${DE_INTEGRATION}${path}`);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe(`Basic realm="${BASIC_AUTH_REALM}", charset="UTF-8"`);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.text()).not.toContain("DE home");
    },
  );

  test("the right credentials open the shop's pages", async () => {
    const res = await testApp({ env }).request(`${DE_INTEGRATION}/`, { headers: basic(CREDENTIALS) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("DE home");
  });

  test.each([
    ["a wrong password", "preview:kiefer-dielen-2026"],
    ["a wrong user", "Preview:Kiefer-Dielen-2026"],
    ["the password alone", "Kiefer-Dielen-2026"],
    ["one character more", `${CREDENTIALS} `],
    ["nothing", ""],
    ["the secret's prefix", "preview:"],
  ])("%s is refused", async (_, given) => {
    const res = await testApp({ env }).request(`${DE_INTEGRATION}/parkett.html`, { headers: basic(given) });
    expect(res.status).toBe(401);
  });

  test("without the secret nobody gets in, not even with empty credentials", async () => {
    for (const headers of [{}, basic(":"), basic(""), basic(CREDENTIALS)]) {
      const res = await testApp().request(`${DE_INTEGRATION}/`, { headers });
      expect(res.status).toBe(401);
    }
  });

  test("API calls keep their bearer token and are not asked, behind a language prefix too", async () => {
    const app = testApp({ env });
    expect((await app.request(`${DE_INTEGRATION}/apiv2/cart/`)).status).toBe(200);
    expect((await app.request(`${CH_INTEGRATION}/fr/apiv2/cart/`)).status).toBe(200);
    expect(app.upstream.requests).toHaveLength(2);
    // A path that only looks like an API call behind a prefix is a page.
    expect((await app.request(`${DE_INTEGRATION}/fr/apiv2/cart/`)).status).toBe(401);
  });

  test("an environment that does not ask for it (development) serves without credentials", async () => {
    const res = await testApp({ env }).request(`${DE}/`);
    expect(res.status).toBe(200);
  });
});
