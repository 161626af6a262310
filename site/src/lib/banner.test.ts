import {
  MARK_HIDDEN_BANNERS_SCRIPT,
  bannerCookieName,
  bannerHashAttributes,
  bannerHiddenAttribute,
  contentHash,
  hideBannerCookie,
  isBannerHidden,
  pageBanners,
  readCookie,
  type BannerKind,
} from "./banner";

/** Runs the inline script on a page with these blocks and cookies; returns the marks it set on <html>. */
function runScript(blocks: { identifier: string; hash: string }[], cookie: string): string[] {
  const attributes: Record<string, string> = bannerHashAttributes(blocks);
  const documentElement = {
    getAttribute: (name: string) => attributes[name] ?? null,
    setAttribute: (name: string, value: string) => (attributes[name] = value),
  };
  new Function("document", MARK_HIDDEN_BANNERS_SCRIPT)({ cookie, documentElement });
  return (["info", "warn"] as BannerKind[]).filter((kind) => bannerHiddenAttribute(kind) in attributes);
}

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

  test("the page's banners follow the blocks, warning first", () => {
    const blocks = [
      { identifier: "header-info", hash: "1", content: "i" },
      { identifier: "footer", hash: "2", content: "f" },
      { identifier: "header-warning", hash: "3", content: "w" },
    ];
    expect(pageBanners(blocks).map(({ kind, variants }) => [kind, variants.map(({ platform, block }) => `${platform}:${block.content}`)])).toEqual([
      ["warn", ["all:w"]],
      ["info", ["all:i"]],
    ]);
    expect(bannerHashAttributes(blocks)).toEqual({ "data-warn-banner": "3", "data-info-banner": "1" });
  });

  test("info and warn per mobile and desktop: a platform's own block replaces the general one there", () => {
    const block = (identifier: string) => ({ identifier, hash: contentHash(identifier), content: identifier });
    const shown = (blocks: ReturnType<typeof block>[]) =>
      pageBanners(blocks).map(({ kind, variants }) => [kind, variants.map(({ platform, block: { identifier } }) => `${platform}:${identifier}`)]);
    expect(shown([block("header-info"), block("header-info-mobile")])).toEqual([["info", ["desktop:header-info", "mobile:header-info-mobile"]]]);
    expect(shown([block("header-warning-desktop")])).toEqual([["warn", ["desktop:header-warning-desktop"]]]);
    expect(shown([block("header-info"), block("header-info-desktop"), block("header-info-mobile")])).toEqual([
      ["info", ["desktop:header-info-desktop", "mobile:header-info-mobile"]],
    ]);
    // Unknown platforms and look-alike names are no notices.
    expect(shown([block("header-info-tablet"), block("header-info-mobile-x"), block("xheader-info")])).toEqual([]);
  });

  test("a notice's hash covers each platform's content: a change on one platform shows the notice again", () => {
    const blocks = (mobile: string) => [
      { identifier: "header-info", hash: contentHash("Muster"), content: "Muster" },
      { identifier: "header-info-mobile", hash: contentHash(mobile), content: mobile },
    ];
    const [before] = pageBanners(blocks("Muster gratis"));
    const [after] = pageBanners(blocks("Muster gratis!"));
    expect(before!.hash).toMatch(/^[0-9a-f]{8}$/);
    expect(before!.hash).not.toBe(after!.hash);
    expect(bannerHashAttributes(blocks("Muster gratis"))).toEqual({ "data-info-banner": before!.hash });
  });
});

describe("the inline script that marks hidden banners", () => {
  const info = contentHash("<p>Kostenlose Muster</p>");
  const warn = contentHash("<p>Lieferverzögerung</p>");
  const both = [
    { identifier: "header-info", hash: info },
    { identifier: "header-warning", hash: warn },
  ];
  it.each([
    ["", both],
    [`bh_hide_info_banner=${info}`, both],
    [`bh_hide_warn_banner=${warn}`, both],
    [`a=1; bh_hide_warn_banner=${warn}; bh_hide_info_banner=${info}`, both],
    [`a=1;bh_hide_info_banner=${info};b=2`, both],
    [`bh_hide_info_banner=${contentHash("alt")}; bh_hide_warn_banner=${warn}x`, both],
    [`xbh_hide_info_banner=${info}`, both],
    [`a=bh_hide_info_banner=${info}`, both],
    [`bh_hide_info_banner=${info}; bh_hide_warn_banner=${warn}`, both.slice(0, 1)],
    [`bh_hide_info_banner=${info}`, []],
  ])("cookies %p: marks as isBannerHidden tells", (cookie, blocks) => {
    const expected = pageBanners(blocks)
      .filter(({ kind, hash }) => isBannerHidden(cookie, kind, hash))
      .map(({ kind }) => kind)
      .sort();
    expect(runScript(blocks, cookie)).toEqual(expected);
  });

  test("it marks what the cookies say", () => {
    expect(runScript(both, `bh_hide_warn_banner=${warn}`)).toEqual(["warn"]);
    expect(runScript(both, `bh_hide_info_banner=${info}; bh_hide_warn_banner=${contentHash("alt")}`)).toEqual(["info"]);
  });
});
