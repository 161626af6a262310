import { byTestId, clickOn, closeBrowser, mount, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { testProduct as baseProduct } from "@tests/kit/site";
import type { ProductData } from "@site/lib/page-data";
import { Tutorials } from "@site/components/product/Tutorials";
import { answerConsent } from "@site/lib/consent";
import { DiyPanel } from "./DiyPanel";
import { productVideos } from "./product-videos";
import { videoSource } from "./video-source";
import { VideoPlayer } from "./VideoPlayer";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));
jest.mock("./videos.css", () => ({}));

afterEach(() => {
  unmountAll();
  document.cookie = "bh_consent=; Max-Age=0; Path=/";
});

const testProduct = (overrides: Partial<ProductData>): ProductData => ({ ...baseProduct("EUR", "de"), ...overrides });
afterAll(closeBrowser);

const laying = {
  title: "Parkett verlegen",
  url: "/videos/tutorials/parkett-landhausdielen-de.mp4",
  poster: "/images/videos/tutorials/parkett-landhausdielen.jpg",
};

describe("the click-to-load player", () => {
  test("before the click: only the poster and a named button, no video, no frame, no video URL anywhere in the page", async () => {
    const container = await mount(<VideoPlayer video={laying} />);
    expect(container.querySelector("video, iframe, source, object, embed")).toBeNull();
    expect(container.innerHTML).not.toContain(".mp4");
    const start = container.querySelector("button.video-start");
    expect(start?.getAttribute("aria-label")).toBe("Video abspielen: Parkett verlegen");
    expect(container.querySelector("img")?.getAttribute("loading")).toBe("lazy");
  });

  test("the click creates the video element with the file and focuses it", async () => {
    const container = await mount(<VideoPlayer video={laying} />);
    await clickOn(container.querySelector("button.video-start"));
    const video = container.querySelector("video");
    expect(video?.getAttribute("src")).toMatch(/\/videos\/tutorials\/parkett-landhausdielen-de\.mp4$/);
    expect(video?.hasAttribute("controls")).toBe(true);
    expect(document.activeElement).toBe(video);
    expect(container.querySelector("button.video-start")).toBeNull();
  });

  test("a video that cannot be loaded says so instead of an empty frame", async () => {
    const container = await mount(<VideoPlayer video={laying} />);
    await clickOn(container.querySelector("button.video-start"));
    await React.act(async () => {
      container.querySelector("video")!.dispatchEvent(new window.Event("error"));
    });
    expect(container.querySelector("video")).toBeNull();
    expect(container.textContent).toContain("Das Video konnte nicht geladen werden.");
  });

  const pflege = { title: "Pflege", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", poster: "/images/videos/tutorials/pflege.jpg" };
  const platformUrls = (root: Element) => root.innerHTML.match(/youtube|vimeo|ytimg/gi) ?? [];

  test("a YouTube video without consent: the click only asks (naming YouTube), the second click loads the no-cookie frame", async () => {
    const container = await mount(<VideoPlayer video={pflege} />);
    expect(platformUrls(container)).toEqual([]);
    expect(container.querySelector("img")?.getAttribute("src")).toMatch(/^\/images\/videos\/tutorials\/pflege/);
    await clickOn(container.querySelector("button.video-start"));
    expect(container.querySelector("iframe")).toBeNull();
    expect(platformUrls(container.querySelector(".video-consent")!.parentElement!).filter((word) => word !== "YouTube")).toEqual([]);
    expect(container.textContent).toContain("Dieses Video wird von YouTube abgespielt. Erst wenn Sie es laden, erhält YouTube Ihre IP-Adresse");
    const load = container.querySelector<HTMLButtonElement>(".video-consent button")!;
    expect(load.textContent).toBe("Video von YouTube laden");
    expect(document.activeElement).toBe(load);
    await clickOn(load);
    const frame = container.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0");
    expect(frame?.getAttribute("title")).toBe("Pflege");
    expect(document.activeElement).toBe(frame);
  });

  test("'necessary' only is no consent to a platform; 'all' (earlier or now) lets one click load the frame", async () => {
    document.cookie = "bh_consent=necessary; Path=/";
    let container = await mount(<VideoPlayer video={pflege} />);
    await clickOn(container.querySelector("button.video-start"));
    expect(container.querySelector("iframe")).toBeNull();
    expect(container.querySelector(".video-consent")).not.toBeNull();
    unmountAll();
    container = await mount(<VideoPlayer video={{ ...pflege, url: "https://vimeo.com/76979871" }} />);
    await React.act(async () => answerConsent("all"));
    await clickOn(container.querySelector("button.video-start"));
    expect(container.querySelector("iframe")?.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871?autoplay=1&dnt=1");
  });

  test("a file of the shop's own media store needs no consent: one click plays it", async () => {
    const container = await mount(<VideoPlayer video={laying} />);
    await clickOn(container.querySelector("button.video-start"));
    expect(container.querySelector(".video-consent")).toBeNull();
    expect(container.querySelector("video")).not.toBeNull();
  });
});

describe("where a video plays", () => {
  test.each([
    ["https://youtu.be/dQw4w9WgXcQ", "embed"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "embed"],
    ["https://vimeo.com/76979871", "embed"],
    ["/videos/products/P-1.mp4", "file"],
  ])("%s plays as %s", (url, kind) => {
    expect(videoSource(url).kind).toBe(kind);
  });

  test.each([
    "http://www.youtube.com/watch?v=dQw4w9WgXcQ", // not https
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ%22onload%3D",
    "https://www.youtube.com/watch?v=../../x",
    "https://vimeo.com/76979871/../../admin",
    "javascript:alert(1)",
  ])("%s is no embed (the file player, on the media host)", (url) => {
    const source = videoSource(url);
    expect(source.kind).toBe("file");
    expect(source.src).not.toMatch(/youtube-nocookie|player\.vimeo/);
  });
});

describe("the product's tutorials", () => {
  test("videos from tutorials and media once each, with their posters; texts apart", () => {
    const product = testProduct({
      tutorials: [
        { title: "Verlegen", content: "", type: "video", url: "/v/a.mp4", poster: "/images/videos/a.jpg" },
        { title: "Pflege", content: "Feucht wischen.", type: "text", url: null, poster: null },
      ],
      media: [
        { kind: "image", url: "/images/products/p.jpg", alt: "", poster: null },
        { kind: "video", url: "/v/a.mp4", alt: "doppelt", poster: null },
        { kind: "video", url: "/v/b.mp4", alt: "Produktvideo", poster: "/images/videos/b.jpg" },
      ],
    });
    expect(productVideos(product)).toEqual([
      { title: "Verlegen", url: "/v/a.mp4", poster: "/images/videos/a.jpg" },
      { title: "Produktvideo", url: "/v/b.mp4", poster: "/images/videos/b.jpg" },
    ]);
  });

  test("without videos the tab says the spec's 'no tutorial videos found' and still shows written instructions", async () => {
    const product = testProduct({ tutorials: [{ title: "Pflege", content: "Feucht wischen.", type: "text", url: null, poster: null }], media: [] });
    const container = await mount(<Tutorials product={product} />);
    expect(byTestId(container, "no-tutorial-videos")?.textContent).toBe("Es wurden keine Anleitungsvideos gefunden.");
    expect(container.textContent).toContain("Feucht wischen.");
    expect(container.querySelector("button.video-start")).toBeNull();
  });

  test("the DIY panel opens with the tutorials, locks scrolling, and closes with Escape, giving the focus back", async () => {
    const product = testProduct({ tutorials: [{ title: "Verlegen", content: "", type: "video", url: "/v/a.mp4", poster: "/images/videos/a.jpg" }] });
    const container = await mount(<DiyPanel product={product} />);
    expect(byTestId(container, "diy-panel")).toBeNull();
    const opener = container.querySelector<HTMLButtonElement>("button.diy-open")!;
    await clickOn(opener);
    const panel = byTestId(container, "diy-panel");
    expect(panel?.getAttribute("role")).toBe("dialog");
    expect(panel?.querySelectorAll("button.video-start")).toHaveLength(1);
    expect(panel?.querySelector("video")).toBeNull();
    expect(document.body.style.overflow).toBe("hidden");
    await React.act(async () => {
      window.dispatchEvent(new window.KeyboardEvent("keydown", { key: "Escape" }));
    });
    expect(byTestId(container, "diy-panel")).toBeNull();
    expect(document.body.style.overflow).toBe("");
    expect(document.activeElement).toBe(opener);
  });
});
