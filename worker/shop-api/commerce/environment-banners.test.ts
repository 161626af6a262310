/**
 * The environment's banners (platform, content, location) through the real handler: the
 * CMS blocks banner-{location}-{platform} of the shop and language, the ones that name a known
 * location and platform only, in the order of their identifiers (docs/decisions/0048).
 */
import { sql } from "@worker/lib/sql";
import { createHarness, type Harness } from "@tests/kit/commerce";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  const block = (language: string, identifier: string, content: string) =>
    sql`INSERT INTO cms_blocks (shop_id, language, identifier, content, updated_at) VALUES ('DE', ${language}, ${identifier}, ${content}, '2026-11-01T00:00:00Z')`.prepare(
      h.db,
    );
  await h.db.batch([
    block("de", "banner-homepage-desktop", "<p>Beratung am Telefon</p>"),
    block("de", "banner-homepage-mobile", "<p>Beratung</p>"),
    block("de", "banner-cart-mobile", "<p>Warenkorb</p>"),
    block("de", "banner-moon-desktop", "<p>unbekannter Ort</p>"),
    block("de", "banner-homepage-tv", "<p>unbekannte Plattform</p>"),
    block("de", "banner-homepage", "<p>halb</p>"),
    block("en", "banner-homepage-desktop", "<p>English</p>"),
  ]);
});
afterAll(() => h.dispose());

test("the environment answers the known banners of the language with their location and platform", async () => {
  const { status, body } = await h.call("GET", "/apiv2/environment");
  expect(status).toBe(200);
  expect(body.data.environment.banners).toEqual([
    { platform: "mobile", location: "cart", content: "<p>Warenkorb</p>" },
    { platform: "desktop", location: "homepage", content: "<p>Beratung am Telefon</p>" },
    { platform: "mobile", location: "homepage", content: "<p>Beratung</p>" },
  ]);
});
