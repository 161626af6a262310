import { bannerCookieName, contentHash, hideBannerCookie, isBannerHidden, readCookie } from "./banner";

describe("header banners", () => {
  test("the hash is stable and changes with the content", () => {
    expect(contentHash("<p>Kostenlose Muster</p>")).toBe(contentHash("<p>Kostenlose Muster</p>"));
    expect(contentHash("<p>Kostenlose Muster</p>")).not.toBe(contentHash("<p>Kostenlose Muster!</p>"));
    expect(contentHash("")).toMatch(/^[0-9a-f]{8}$/);
  });

  test("a banner stays hidden while the cookie matches the content hash", () => {
    const hash = contentHash("<p>Lieferverzögerung</p>");
    const cookies = `other=1; ${bannerCookieName("warn")}=${hash}; x=y`;
    expect(isBannerHidden(cookies, "warn", hash)).toBe(true);
    expect(isBannerHidden(cookies, "info", hash)).toBe(false);
  });

  test("a banner shows again when the content changes", () => {
    const cookies = `${bannerCookieName("info")}=${contentHash("alt")}`;
    expect(isBannerHidden(cookies, "info", contentHash("neu"))).toBe(false);
  });

  test("cookie parsing and writing", () => {
    expect(readCookie("a=1; b=x%20y", "b")).toBe("x y");
    expect(readCookie("", "b")).toBeNull();
    expect(hideBannerCookie("info", "abc", true)).toMatch(/^bh_hide_info_banner=abc; Max-Age=31536000; Path=\/; SameSite=Lax; Secure$/);
  });
});
