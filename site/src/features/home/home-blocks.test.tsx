/**
 * The home blocks and the campaign's parts (docs/decisions/0048) as the build renders
 * them: what shows, what is left out, and the words a visitor reads (German).
 */
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Campaign } from "@domain/campaign";
import { CampaignHub } from "../campaign/CampaignHub";
import { CampaignNavigationBanner } from "../campaign/CampaignNavigationBanner";
import { CampaignStartBanner } from "../campaign/CampaignStartBanner";
import { AboutGrid } from "./AboutGrid";
import { Founder } from "./Founder";
import { HeadBanner } from "./HeadBanner";
import { ProbesInfo } from "./ProbesInfo";
import { childrenByWorld, WorldsSection } from "./WorldsSection";
import { SAMPLE_LONG_DELIVERY_WEEKS, SAMPLE_SLOT_COUNT } from "@domain/samples";

jest.mock("./home.css", () => ({}));
jest.mock("../campaign/campaign.css", () => ({}));
jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("de"),
);
jest.mock("gatsby", () => ({
  Link: ({ to, children, ...rest }: { to: string; children: React.ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
  graphql: () => null,
}));

const html = (element: React.ReactElement) => renderToStaticMarkup(element);

const campaign: Campaign = {
  identifier: "black-week",
  campaignName: "Black Week",
  campaignDescription: "<p>Eine Woche reduziert</p>",
  campaignCoupon: null,
  startsAt: "2026-11-22T23:00:00.000Z",
  endsAt: "2026-11-30T23:00:00.000Z",
  isActive: true,
  isArchived: false,
  navigationIsActive: true,
  filterIsActive: false,
  navigationBanner: {
    url: "/sale.html",
    imageDesktop: "/images/campaigns/nav-d.jpg",
    imageMobile: "/images/campaigns/nav-m.jpg",
    text: "Black Week: reduziert",
  },
  start: { isActive: true, url: "/sale.html", imageDesktop: "/images/campaigns/d.jpg", imageMobile: "/images/campaigns/m.jpg" },
  hub: {
    isActive: true,
    identifier: "sale",
    bigImage: { top: "/images/campaigns/hub.jpg", url: "/sale.html", textLeft: "Bis zu 30 %", textRight: "Solange die Aktion läuft" },
    firstSlider: [{ title: "Parkett", url: "/parkett.html", image: "/images/categories/parkett.jpg" }],
    secondSlider: [],
  },
};

describe("HeadBanner", () => {
  test("the home page's banners, each marked with its platform; other locations and unknown names left out", () => {
    const out = html(
      <HeadBanner
        blocks={[
          { identifier: "banner-homepage-desktop", content: "<p>Desktop</p>" },
          { identifier: "banner-homepage-mobile", content: "<p>Mobil</p>" },
          { identifier: "banner-cart-mobile", content: "<p>Warenkorb</p>" },
          { identifier: "header-info", content: "<p>Info</p>" },
        ]}
      />,
    );
    expect(out).toContain('class="head-banner head-banner-desktop" data-platform="desktop"><p>Desktop</p>');
    expect(out).toContain('data-platform="mobile"><p>Mobil</p>');
    expect(out).not.toContain("Warenkorb");
    expect(out).not.toContain("Info");
    expect(html(<HeadBanner blocks={[{ identifier: "banner-pdp-desktop", content: "x" }]} />)).toBe("");
  });
});

test("Founder: the founder's block with its heading, nothing without the block", () => {
  expect(html(<Founder blocks={[{ identifier: "home-founder", content: "<p>Jakob</p>" }]} />)).toContain(
    'Ein Wort von unserem Gründer</h2><div class="prose"><p>Jakob</p>',
  );
  expect(html(<Founder blocks={[{ identifier: "header-info", content: "<p>x</p>" }]} />)).toBe("");
});

test("AboutGrid: the shop's about and service pages in a fixed order, pages it lacks left out", () => {
  const out = html(
    <AboutGrid
      pages={[
        { identifier: "versand", title: "Versand", path: "/versand.html" },
        { identifier: "ueber-uns", title: "Über uns", path: "/ueber-uns.html" },
        { identifier: "impressum", title: "Impressum", path: "/impressum.html" },
      ]}
    />,
  );
  expect(out.indexOf("/ueber-uns.html")).toBeLessThan(out.indexOf("/versand.html"));
  expect(out).toContain("Versandarten, Lieferzeiten und Kosten");
  expect(out).not.toContain("Impressum");
  expect(html(<AboutGrid pages={[]} />)).toBe("");
});

describe("the campaign", () => {
  test("the hub names the last day in the shop's calendar and says plainly that no code is needed", () => {
    const out = html(<CampaignHub campaign={campaign} />);
    expect(out).toContain("Nur bis 30. November 2026");
    expect(out).toContain("Die Aktionspreise sind schon im Shop – kein Code nötig.");
    expect(out).toContain("Bis zu 30 %");
    expect(out).toContain('href="/parkett.html"');
    expect(out).not.toContain("campaign-second-slider");
  });

  test("with a coupon the hub tells where to redeem it; an inactive hub shows no big image and no sliders", () => {
    const out = html(<CampaignHub campaign={{ ...campaign, campaignCoupon: "DE-7KQ2-M9XH-4TPB", hub: { ...campaign.hub, isActive: false } }} />);
    expect(out).toContain('Mit dem Code <code class="campaign-coupon">DE-7KQ2-M9XH-4TPB</code> im Warenkorb im Feld „Gutscheincode“ einlösen.');
    expect(out).not.toContain("campaign-big");
    expect(out).not.toContain("/parkett.html");
  });

  test("start and navigation banners only while switched on", () => {
    expect(html(<CampaignStartBanner campaign={campaign} />)).toContain("Zu den Angeboten");
    expect(html(<CampaignStartBanner campaign={{ ...campaign, start: { ...campaign.start, isActive: false } }} />)).toBe("");
    expect(html(<CampaignStartBanner campaign={null} />)).toBe("");
    expect(html(<CampaignNavigationBanner campaign={campaign} />)).toContain("Black Week: reduziert");
    expect(html(<CampaignNavigationBanner campaign={{ ...campaign, navigationIsActive: false }} />)).toBe("");
  });
});

describe("WorldsSection", () => {
  const world = (id: string, name: string) => ({ categoryId: id, name, path: `/${id}.html`, data: { teaser: "", image: null } });
  const child = (id: string, parentId: string | null) => ({ categoryId: id, parentId, name: `Kategorie ${id}`, path: `/${id}.html` });

  test("every world with its subcategories in menu order, at most six, and a link to all of it", () => {
    const children = [...Array.from({ length: 8 }, (_, i) => child(`boden-${i}`, "boden")), child("terrasse-1", "terrasse")];
    const out = html(<WorldsSection worlds={[world("boden", "Boden"), world("terrasse", "Terrasse"), world("wand", "Wand")]} categories={children} />);
    expect(out).toContain("Alle Welten im Überblick");
    expect(out).toContain('href="/boden-5.html"');
    expect(out).not.toContain('href="/boden-6.html"');
    expect(out).toContain('href="/terrasse-1.html"');
    expect(out).toContain("Alles aus Wand");
    expect(out.indexOf("Boden")).toBeLessThan(out.indexOf("Terrasse"));
  });

  test("categories of no world (another parent, none, an unknown world) are left out; no worlds: no section", () => {
    const grouped = childrenByWorld([world("boden", "Boden")], [child("a", "boden-sub"), child("b", null), child("c", "garten"), child("d", "boden")]);
    expect([...grouped.entries()].map(([id, list]) => [id, list.map((c) => c.categoryId)])).toEqual([["boden", ["d"]]]);
    expect(html(<WorldsSection worlds={[]} categories={[child("a", "boden")]} />)).toBe("");
  });
});

describe("ProbesInfo", () => {
  test("states the sample rules in the numbers the sample cart enforces", () => {
    const out = html(<ProbesInfo counter={<p data-testid="counter" />} />);
    expect(out).toContain("Kostenlose Muster: Farbe und Oberfläche vor dem Kauf sehen");
    expect(out).toContain(`bis zu ${SAMPLE_SLOT_COUNT} Muster pro Bestellung`);
    expect(out).toContain("nach 1 Stunde bearbeiten wir Ihre Bestellung automatisch");
    expect(out).toContain('data-testid="counter"');
    expect(out).toContain(`in ${SAMPLE_LONG_DELIVERY_WEEKS.from}–${SAMPLE_LONG_DELIVERY_WEEKS.to} Wochen`);
  });
});
