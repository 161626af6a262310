/**
 * The demo's sales campaign and home blocks (docs/decisions/0048), through the import
 * like every other content: a Black Week in every shop but the brand shop, running from two days
 * before the catalogue's `now` for eight days (so a fresh demo shows it and a kept database sees
 * it end), whose hub is the shop's SALES page and whose sliders are the worlds and the top
 * subcategories; an earlier spring sale, archived (kept, never shown); the home page's banners
 * (banner-homepage-desktop/-mobile, the environment's banners) and the founder's word (home-founder).
 *
 * The campaign has no coupon: its prices are the catalogue's reduced prices (the demo's
 * reductions and clearance items), and the page says plainly that no code is needed.
 * Campaign images live under /images/campaigns/ (rendered with the catalogue's other images).
 */
import { slugPath } from "@domain/routes";
import type { Language, ShopDefinition } from "@config/shop-config";
import type { CampaignRecord, CategoryRecord, CmsBlockRecord } from "@shop-api/catalogue/import-format";
import { t, type L } from "./vocabulary";

const DAY_MS = 24 * 60 * 60 * 1000;

const TEXT = {
  name: t("Black Week", "Black Week", "Black Week", "Black Week", "Black Week"),
  description: t(
    "<p>Eine Woche lang ausgewählte Böden, Wand- und Terrassenprodukte zu reduzierten Preisen – mit kostenlosen Mustern wie immer.</p>",
    "<p>For one week, selected floors, wall and terrace products at reduced prices – with free samples as always.</p>",
    "<p>Pendant une semaine, une sélection de sols, revêtements muraux et produits de terrasse à prix réduits – avec des échantillons gratuits comme toujours.</p>",
    "<p>Per una settimana pavimenti, rivestimenti e prodotti per terrazze selezionati a prezzi ridotti – con campioni gratuiti come sempre.</p>",
    "<p>Een week lang geselecteerde vloeren, wand- en terrasproducten voor verlaagde prijzen – met gratis stalen zoals altijd.</p>",
  ),
  navigation: t(
    "Black Week: ausgewählte Produkte reduziert",
    "Black Week: selected products reduced",
    "Black Week : produits sélectionnés à prix réduits",
    "Black Week: prodotti selezionati in offerta",
    "Black Week: geselecteerde producten afgeprijsd",
  ),
  left: t("Bis zu 30 % reduziert", "Up to 30 % off", "Jusqu'à 30 % de remise", "Fino al 30 % di sconto", "Tot 30 % korting"),
  right: t(
    "Nur solange die Aktion läuft",
    "Only while the campaign runs",
    "Seulement pendant l'opération",
    "Solo per la durata della promozione",
    "Alleen zolang de actie loopt",
  ),
  spring: t("Frühjahrs-Sale", "Spring sale", "Soldes de printemps", "Saldi di primavera", "Voorjaarsuitverkoop"),
  bannerDesktop: t(
    "<p><strong>Persönliche Beratung am Telefon:</strong> Montag bis Freitag 9–22 Uhr, Samstag 9–14 Uhr.</p>",
    "<p><strong>Personal advice by phone:</strong> Monday to Friday 9am–10pm, Saturday 9am–2pm.</p>",
    "<p><strong>Conseil personnalisé par téléphone :</strong> du lundi au vendredi de 9 h à 22 h, le samedi de 9 h à 14 h.</p>",
    "<p><strong>Consulenza personale al telefono:</strong> dal lunedì al venerdì 9–22, il sabato 9–14.</p>",
    "<p><strong>Persoonlijk advies per telefoon:</strong> maandag tot en met vrijdag 9–22 uur, zaterdag 9–14 uur.</p>",
  ),
  bannerMobile: t(
    "<p>Beratung: Mo–Fr 9–22, Sa 9–14 Uhr</p>",
    "<p>Advice: Mon–Fri 9am–10pm, Sat 9am–2pm</p>",
    "<p>Conseil : lun.–ven. 9 h–22 h, sam. 9 h–14 h</p>",
    "<p>Consulenza: lun–ven 9–22, sab 9–14</p>",
    "<p>Advies: ma–vr 9–22, za 9–14 uur</p>",
  ),
  founder: t(
    "<p>„Ich habe Bodenhaus gegründet, weil ein Boden sich erst zu Hause richtig zeigt. Darum bekommen Sie bei uns Muster kostenlos und Beratung von Menschen, die selbst verlegen.“</p><p>Jakob Brenner, Gründer</p>",
    "<p>“I founded Bodenhaus because a floor only really shows itself at home. That is why you get free samples from us, and advice from people who lay floors themselves.”</p><p>Jakob Brenner, founder</p>",
    "<p>« J'ai fondé Bodenhaus parce qu'un sol ne se révèle vraiment que chez soi. C'est pourquoi nos échantillons sont gratuits et nos conseils viennent de personnes qui posent elles-mêmes. »</p><p>Jakob Brenner, fondateur</p>",
    "<p>«Ho fondato Bodenhaus perché un pavimento si mostra davvero solo a casa. Per questo da noi i campioni sono gratuiti e i consigli vengono da persone che posano di persona.»</p><p>Jakob Brenner, fondatore</p>",
    "<p>„Ik heb Bodenhaus opgericht omdat een vloer zich pas thuis echt laat zien. Daarom krijgt u bij ons gratis stalen en advies van mensen die zelf leggen.”</p><p>Jakob Brenner, oprichter</p>",
  ),
};

/** The start of the day of `at` in the shops' calendar (Berlin), as a UTC instant: campaigns start and end at midnight there. */
function berlinMidnight(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const hourInBerlin = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "numeric", hourCycle: "h23" }).format(new Date(day)));
  return new Date(day - hourInBerlin * 60 * 60 * 1000);
}

/** The identifier of the campaign: the `{black-week}` of its carousel route. */
export const DEMO_CAMPAIGN = "black-week";

export interface DemoCampaignContent {
  campaigns: CampaignRecord[];
  blocks: CmsBlockRecord[];
}

/**
 * The campaigns and home blocks of every shop language. `saleIdentifier` names the shop's SALES
 * page in a language (the hub), `categories` the demo's categories (the sliders).
 */
export function demoCampaignContent(
  shops: readonly ShopDefinition[],
  categories: readonly CategoryRecord[],
  saleIdentifier: (lang: Language) => string,
  now: Date,
): DemoCampaignContent {
  const start = berlinMidnight(new Date(now.getTime() - 2 * DAY_MS));
  const end = berlinMidnight(new Date(start.getTime() + 8 * DAY_MS + 12 * 60 * 60 * 1000));
  const worlds = categories.filter((category) => category.parentId === null);
  const topSubcategories = categories.filter((category) => category.parentId !== null && category.topPosition !== undefined);
  const campaigns: CampaignRecord[] = [];
  const blocks: CmsBlockRecord[] = [];
  for (const shop of shops) {
    for (const lang of shop.languages) {
      const text = (entry: L) => entry[lang];
      blocks.push({ shop: shop.id, language: lang, identifier: "banner-homepage-desktop", content: text(TEXT.bannerDesktop) });
      blocks.push({ shop: shop.id, language: lang, identifier: "banner-homepage-mobile", content: text(TEXT.bannerMobile) });
      blocks.push({ shop: shop.id, language: lang, identifier: "home-founder", content: text(TEXT.founder) });
      if (shop.id === "BRAND") continue;
      const sale = saleIdentifier(lang);
      const salePath = slugPath(shop, lang, sale);
      const slides = (list: readonly CategoryRecord[]) =>
        list.flatMap((category) => {
          const translation = category.translations[lang];
          return translation
            ? [{ title: translation.name, url: slugPath(shop, lang, translation.slug), image: category.image ?? `/images/categories/${category.id}.jpg` }]
            : [];
        });
      const hub = {
        isActive: true,
        identifier: sale,
        bigImage: { top: `/images/campaigns/${DEMO_CAMPAIGN}-hub.jpg`, url: salePath, textLeft: text(TEXT.left), textRight: text(TEXT.right) },
        firstSlider: slides(worlds),
        secondSlider: slides(topSubcategories),
      };
      campaigns.push({
        shop: shop.id,
        language: lang,
        identifier: DEMO_CAMPAIGN,
        campaignName: text(TEXT.name),
        campaignDescription: text(TEXT.description),
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        isActive: true,
        isArchived: false,
        navigationIsActive: true,
        filterIsActive: false,
        navigationBanner: {
          url: salePath,
          imageDesktop: `/images/campaigns/${DEMO_CAMPAIGN}-nav-desktop.jpg`,
          imageMobile: `/images/campaigns/${DEMO_CAMPAIGN}-nav-mobile.jpg`,
          text: text(TEXT.navigation),
        },
        start: {
          isActive: true,
          url: salePath,
          imageDesktop: `/images/campaigns/${DEMO_CAMPAIGN}-desktop.jpg`,
          imageMobile: `/images/campaigns/${DEMO_CAMPAIGN}-mobile.jpg`,
        },
        hub,
      });
      // An earlier campaign, archived: kept in the data, never built.
      const springStart = new Date(Date.UTC(start.getUTCFullYear(), 2, 1));
      campaigns.push({
        shop: shop.id,
        language: lang,
        identifier: "spring-sale",
        campaignName: text(TEXT.spring),
        startsAt: springStart.toISOString(),
        endsAt: new Date(springStart.getTime() + 14 * DAY_MS).toISOString(),
        isActive: false,
        isArchived: true,
        start: {
          isActive: false,
          url: salePath,
          imageDesktop: "/images/campaigns/spring-sale-desktop.jpg",
          imageMobile: "/images/campaigns/spring-sale-mobile.jpg",
        },
        hub: { ...hub, isActive: false, firstSlider: [], secondSlider: [] },
      });
    }
  }
  return { campaigns, blocks };
}
