import { browserLanguage, isBot, parseAcceptLanguage } from "./locale-choice";
import { CH, testApp } from "@tests/kit/edge";

describe("Accept-Language", () => {
  test("orders by q-value, keeps ties in order, drops q=0 and junk", () => {
    expect(parseAcceptLanguage("de;q=0.3, it;q=0.8, fr-CH, en;q=0, *;q=0.1, x y")).toEqual(["fr-ch", "it", "de", "*"]);
  });

  test("picks the best language the shop has by primary subtag", () => {
    expect(browserLanguage("en-US,en;q=0.9,it;q=0.4,fr;q=0.5", ["de", "fr", "it"])).toBe("fr");
    expect(browserLanguage("en", ["de", "fr", "it"])).toBeUndefined();
  });
});

describe("bots", () => {
  test.each(["Googlebot/2.1", "Mozilla/5.0 (compatible; bingbot/2.0)", "SomeCrawler", "a Spider", "ROBOT", "Crawling agent"])("%s is a bot", (ua) => {
    expect(isBot(ua)).toBe(true);
  });
  test("a browser is not", () => expect(isBot("Mozilla/5.0 (X11; Linux x86_64) Chrome/120")).toBe(false));
});

describe("locale choice on CH", () => {
  test("cookie beats browser languages", async () => {
    const res = await testApp().request(`${CH}/`, { headers: { cookie: "shop_locale=it", "accept-language": "fr" } });
    expect(res.headers.get("location")).toBe(`${CH}/it/`);
  });

  test("a cookie naming no prefix of the shop is ignored", async () => {
    const res = await testApp().request(`${CH}/`, { headers: { cookie: "shop_locale=nl", "accept-language": "fr" } });
    expect(res.headers.get("location")).toBe(`${CH}/fr/`);
  });

  test("browser languages with q-values beat the fallback", async () => {
    const res = await testApp().request(`${CH}/`, { headers: { "accept-language": "en;q=1, it;q=0.7, fr;q=0.8" } });
    expect(res.headers.get("location")).toBe(`${CH}/fr/`);
  });

  test("fallback is German", async () => {
    const res = await testApp().request(`${CH}/`, { headers: { "accept-language": "en-GB" } });
    expect(res.headers.get("location")).toBe(`${CH}/de/`);
  });

  test("bots are never redirected by browser language", async () => {
    const res = await testApp().request(`${CH}/`, { headers: { "accept-language": "fr", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" } });
    expect(res.headers.get("location")).toBe(`${CH}/de/`);
  });

  test("the redirect is private and varies on Cookie and Accept-Language", async () => {
    const res = await testApp().request(`${CH}/`, { headers: { "accept-language": "fr" } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("vary")).toMatch(/Cookie/);
    expect(res.headers.get("vary")).toMatch(/Accept-Language/);
  });

  test("a path with a prefix wins over the cookie and stores the new choice for 365 days", async () => {
    const res = await testApp().request(`${CH}/fr/`, { headers: { cookie: "shop_locale=de" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBe("shop_locale=fr; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  test("no Set-Cookie when the cookie already holds the language", async () => {
    const res = await testApp().request(`${CH}/fr/`, { headers: { cookie: "shop_locale=fr" } });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("cache-control")).toMatch(/^public/);
  });

  test("over https the locale cookie is Secure", async () => {
    const res = await testApp().request("https://www.bodenhaus.example.ch/it/", { headers: {} });
    expect(res.headers.get("set-cookie")).toContain("; Secure");
  });

  test("no locale cookie on a 404", async () => {
    const res = await testApp().request(`${CH}/fr/missing.html`);
    expect(res.status).toBe(404);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
