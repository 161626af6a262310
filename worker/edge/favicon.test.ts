/**
 * `/favicon.ico` is answered in every shop and language: browsers ask for it by themselves, and
 * a 404 there is a failed request in the console of every page.
 */
import { AT, CH, COM, DE, DE_PROD, FILES, testApp } from "@tests/kit/edge";
import { FAVICON_PATH } from "./favicon";

test.each([DE, CH, AT, COM])("%s/favicon.ico redirects for good to the shops' icon", async (origin) => {
  const response = await testApp().request(`${origin}/favicon.ico`);
  expect(response.status).toBe(301);
  expect(response.headers.get("location")).toBe(FAVICON_PATH);
  expect(response.headers.get("cache-control")).toContain("max-age=");
});

test("the redirect leads to the icon the pages link", async () => {
  const app = testApp({ files: { ...FILES, "/CH/favicon.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>' } });
  const icon = await app.request(`${CH}${(await app.request(`${CH}/favicon.ico`)).headers.get("location")}`);
  expect(icon.status).toBe(200);
});

test("on a production host the canonical host comes first, then the icon", async () => {
  const response = await testApp().request(`${DE_PROD.replace("www.", "")}/favicon.ico`);
  expect(response.status).toBe(301);
  expect(response.headers.get("location")).toBe(`${DE_PROD}/favicon.ico`);
});

test("only GET and HEAD; a path that merely ends in favicon.ico is no icon", async () => {
  const app = testApp();
  expect((await app.request(`${DE}/favicon.ico`, { method: "HEAD" })).status).toBe(301);
  expect((await app.request(`${DE}/parkett/favicon.ico`)).headers.get("location")).not.toBe(FAVICON_PATH);
  expect((await app.request(`${DE}/favicon.ico`, { method: "POST" })).status).not.toBe(301);
});
