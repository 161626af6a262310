/**
 * Builds the demo catalogue as import documents (the same format merchandisers
 * use). Pure and deterministic: the same options give the same documents.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { contactPath, returnsPath, slugPath } from "@domain/routes";
import { BANNER_PLATFORMS } from "@domain/environment-banners";
import { expressFeeTexts, STORAGE_MINIMUM_ORDER_VALUE } from "@domain/checkout";
import { formatMoney } from "@domain/money";
import type { UnitCode } from "@domain/units";
import { parseShopConfig, type Language, type ShopDefinition } from "@config/shop-config";
import type {
  CatalogueDocument,
  CategoryRecord,
  CmsBlockRecord,
  CmsPageRecord,
  ManufacturerRecord,
  PriceRecord,
  ProductRecord,
  ReviewRecord,
  SeoLinkRecord,
} from "@shop-api/catalogue/import-format";
import { Random } from "./random";
import { TERRACE_FAMILIES, terraceParts } from "./terrace";
import { roofWindowDocument } from "./roof-windows";
import { demoCampaignContent } from "./campaigns";
import {
  BLOCKS,
  FLOOR_GUIDE,
  PRODUCT_EXTRAS,
  MANUFACTURER_NAMES,
  MANUFACTURER_TEXT,
  OWN_BRAND,
  PAGES,
  REVIEW_ANSWER,
  REVIEWERS,
  REVIEWS,
  TEXT,
  WORLDS,
  slugify,
  type KindDef,
  type L,
  type SubcategoryDef,
  type WorldDef,
} from "./vocabulary";
import { MAGAZINE_PAGES } from "./guides";

export interface BuildOptions {
  products: number;
  seed: number;
  now: Date;
  /** Products per file; variants stay in the file of their parent. */
  chunkSize?: number;
}

export interface CatalogueFile {
  name: string;
  /** Products whose records are in this file (for progress). */
  products: number;
  document: CatalogueDocument;
}

const DAY = 86_400_000;
const WORLD_WEIGHTS: Record<string, number> = {
  parkett: 22,
  vinyl: 20,
  laminat: 15,
  teppichboden: 8,
  wandverkleidung: 10,
  terrasse: 10,
  garten: 6,
  baustoffe: 12,
};
const PRICE_FACTOR: Record<string, number> = { DE: 1, AT: 1.02, FR: 1.04, IT: 1.05, NL: 1.03, COM: 1, BRAND: 0.98, CH: 1.12 };
const UNIT_LABEL: Partial<Record<UnitCode, L>> = {
  SQM: { de: "m²", at: "m²", en: "m²", fr: "m²", it: "m²", nl: "m²" },
  LFM: { de: "lfm", at: "lfm", en: "running m", fr: "ml", it: "ml", nl: "str. m" },
  PCS: { de: "Stück", at: "Stück", en: "pcs", fr: "pièce", it: "pz.", nl: "stuk" },
  L: { de: "l", at: "l", en: "l", fr: "l", it: "l", nl: "l" },
  KG: { de: "kg", at: "kg", en: "kg", fr: "kg", it: "kg", nl: "kg" },
  ROLL: { de: "Rolle", at: "Rolle", en: "roll", fr: "rouleau", it: "rotolo", nl: "rol" },
  TUBE: { de: "Kartusche", at: "Kartusche", en: "cartridge", fr: "cartouche", it: "cartuccia", nl: "koker" },
  PACKAGE: { de: "Paket", at: "Paket", en: "pack", fr: "paquet", it: "confezione", nl: "pak" },
};

const round2 = (value: number) => Math.round(value * 100) / 100;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ""));
const localNumber = (value: number, lang: Language) => (lang === "en" ? String(value) : String(value).replace(".", ","));

export function loadShops(): ShopDefinition[] {
  const raw = JSON.parse(readFileSync(join(__dirname, "..", "..", "config", "shops.json"), "utf8"));
  return parseShopConfig(raw).shops;
}

function categoryRecords(languages: Language[]): CategoryRecord[] {
  const records: CategoryRecord[] = [];
  WORLDS.forEach((world, worldIndex) => {
    const worldSlug = (lang: Language) => slugify(world.name[lang]);
    records.push({
      id: world.key,
      parentId: null,
      position: worldIndex,
      image: `/images/categories/${world.key}.jpg`,
      topPosition: worldIndex + 1,
      sorting: [
        { sortBy: "position", direction: "asc" },
        { sortBy: "price", direction: "asc" },
        { sortBy: "price", direction: "desc" },
        { sortBy: "newest", direction: "desc" },
      ],
      translations: Object.fromEntries(
        languages.map((lang) => [
          lang,
          {
            name: world.name[lang],
            slug: worldSlug(lang),
            description: fill(TEXT.categoryDescription[lang], { name: world.name[lang] }),
            teaser: world.teaser[lang],
            topDescription: fill(TEXT.topDescription[lang], { name: world.name[lang] }),
            metaTitle: world.name[lang],
            metaDescription: world.teaser[lang],
          },
        ]),
      ),
    });
    world.subcategories.forEach((sub, subIndex) => {
      records.push({
        id: `${world.key}-${sub.key}`,
        parentId: world.key,
        position: subIndex,
        image: `/images/categories/${world.key}-${sub.key}.jpg`,
        ...(subIndex === 0 ? { topPosition: 100 + worldIndex } : {}),
        translations: Object.fromEntries(
          languages.map((lang) => [
            lang,
            {
              name: sub.name[lang],
              slug: `${worldSlug(lang)}/${slugify(sub.name[lang])}`,
              description: fill(TEXT.categoryDescription[lang], { name: sub.name[lang] }),
              teaser: world.teaser[lang],
            },
          ]),
        ),
      });
    });
  });
  return records;
}

interface Maker {
  record: ManufacturerRecord;
  worlds: string[];
  own: boolean;
}

function manufacturerRecords(rng: Random, languages: Language[]): Maker[] {
  return MANUFACTURER_NAMES.map(({ name, worlds }, index) => {
    const slug = slugify(name);
    const year = 1950 + rng.int(0, 60);
    return {
      own: name === OWN_BRAND,
      worlds,
      record: {
        id: slug,
        name,
        slug,
        logo: `/images/manufacturers/${slug}.svg`,
        url: `https://www.${slug}.example/`,
        ...(index < 10 ? { topPosition: index + 1 } : {}),
        translations: Object.fromEntries(
          languages.map((lang) => [
            lang,
            { shortDescription: fill(MANUFACTURER_TEXT.short[lang], { year }), description: fill(MANUFACTURER_TEXT.long[lang], { name, year }) },
          ]),
        ),
      },
    };
  });
}

/** The shop's own pages a CMS page may link to. */
const LINK_PATHS = { returns: returnsPath, contact: contactPath } as const;

/** The floor guide's CMS model fields in a language; `floorMakers` are the ids of the floor manufacturers. */
function floorGuideFields(lang: Language, floorMakers: readonly string[]): Partial<CmsPageRecord> {
  return {
    sidebar: { title: FLOOR_GUIDE.sidebar.title[lang], content: FLOOR_GUIDE.sidebar.content[lang] },
    repeaters: FLOOR_GUIDE.sections.map((section) => ({ title: section.title[lang], content: section.content[lang] })),
    manufacturers: [...floorMakers],
    world: FLOOR_GUIDE.world,
    newsletter: true,
  };
}

function cmsRecords(shops: ShopDefinition[], categories: CategoryRecord[], floorMakers: readonly string[]) {
  const pages: CmsPageRecord[] = [];
  const blocks: CmsBlockRecord[] = [];
  const links: SeoLinkRecord[] = [];
  const topSubcategories = categories.filter((c) => c.parentId !== null && c.topPosition !== undefined).slice(0, 6);
  for (const shop of shops) {
    for (const lang of shop.languages) {
      // Amounts in the shop's currency as the shop writes them; express only where the shop offers it.
      const express = expressFeeTexts(shop, lang);
      const storage = formatMoney(STORAGE_MINIMUM_ORDER_VALUE, shop.currency, lang);
      for (const page of [...PAGES, ...MAGAZINE_PAGES]) {
        const said = fill(page.body[lang], { storage });
        const body = page.express && express ? `${said} ${fill(page.express[lang], express)}` : said;
        pages.push({
          shop: shop.id,
          language: lang,
          identifier: page.identifier[lang],
          pageType: page.pageType,
          title: page.title[lang],
          contentHeading: page.title[lang],
          content: `<p>${body}</p>${(page.paragraphs ?? []).map((paragraph) => `<p>${paragraph[lang]}</p>`).join("")}${page.link ? `<p><a href="${LINK_PATHS[page.link.to](shop, lang)}">${page.link.label[lang]}</a></p>` : ""}`,
          metaTitle: `${page.title[lang]} | ${shop.name}`,
          metaDescription: body.slice(0, 150),
          ...(page.noindex ? { robots: "noindex,nofollow", excludeFromSitemap: true } : {}),
          ...(page.key === "floor-guide" ? floorGuideFields(lang, floorMakers) : {}),
        });
      }
      blocks.push({ shop: shop.id, language: lang, identifier: "header-info", content: `<p>${BLOCKS.info[lang]}</p>` });
      blocks.push({ shop: shop.id, language: lang, identifier: "header-info-mobile", content: `<p>${BLOCKS.infoMobile[lang]}</p>` });
      for (const [location, texts] of Object.entries(BLOCKS.environmentBanners)) {
        for (const platform of BANNER_PLATFORMS)
          blocks.push({ shop: shop.id, language: lang, identifier: `banner-${location}-${platform}`, content: texts[platform][lang] });
      }
      blocks.push({ shop: shop.id, language: lang, identifier: "header-warning", content: `<p>${BLOCKS.warning[lang]}</p>` });
      topSubcategories.forEach((category, index) => {
        const translation = category.translations[lang]!;
        links.push({ shop: shop.id, language: lang, position: index + 1, label: translation.name, url: slugPath(shop, lang, translation.slug) });
      });
    }
  }
  return { pages, blocks, links };
}

function ean13(rng: Random): string {
  let digits = "40";
  for (let i = 0; i < 10; i++) digits += String(rng.int(0, 9));
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return digits + String((10 - (sum % 10)) % 10);
}

interface ProductGroup {
  records: ProductRecord[];
  prices: PriceRecord[];
  laterPrices: PriceRecord[];
  reviews: ReviewRecord[];
}

interface ProductContext {
  rng: Random;
  shops: ShopDefinition[];
  makers: Maker[];
  now: Date;
  serial: number;
}

const SUFFIX: Record<string, Partial<L>> = { "Stk.": { en: "pcs", fr: "pcs", it: "pz.", nl: "st." } };

/** A size as a language writes it, with its unit: "6,5 mm" in de, fr and it, "6.5 mm" in en (as domain/money.ts formatQuantity). */
function sizeText(kind: KindDef, size: string | undefined, lang: Language): string {
  const suffix = kind.sizeSuffix ? (SUFFIX[kind.sizeSuffix]?.[lang] ?? kind.sizeSuffix) : "";
  const number = size ? (lang === "en" ? size.replace(/(\d),(\d)/g, "$1.$2") : size.replace(/(\d)\.(\d)/g, "$1,$2")) : "";
  return number ? `${number}${suffix ? ` ${suffix}` : ""}` : "";
}

function titleParts(kind: KindDef, decor: L, finish: L | undefined, size: string | undefined, lang: Language): string {
  const sized = sizeText(kind, size, lang);
  if (lang === "en") {
    // English puts the decor first: "Smoke grey oak plank, oiled, 14 mm".
    const head = [decor.en, decor.en ? kind.noun.en.toLowerCase() : kind.noun.en].filter(Boolean).join(" ");
    const text = [head, finish?.en ?? ""].filter(Boolean).join(", ");
    return [text.charAt(0).toUpperCase() + text.slice(1), sized].filter(Boolean).join(finish ? ", " : " ");
  }
  return [kind.noun[lang], decor[lang], finish?.[lang] ?? "", sized].filter((part) => part !== "").join(" ");
}

/** One simple product, or a configurable product with 2-4 variants. */
function productGroup(ctx: ProductContext, remaining: number): ProductGroup {
  const { rng, now } = ctx;
  const world = rng.weighted(WORLDS.map((w) => [w, WORLD_WEIGHTS[w.key] ?? 1] as const)) as WorldDef;
  const sub = rng.pick(world.subcategories) as SubcategoryDef;
  const kind = rng.pick(sub.kinds);
  const candidates = ctx.makers.filter((m) => m.worlds.includes(world.key));
  const own = candidates.find((m) => m.own);
  const maker = own && rng.chance(0.12) ? own : rng.pick(candidates.filter((m) => !m.own));
  const shops = ["DE", "CH", "AT", "COM"];
  if (rng.chance(0.85)) shops.push("FR");
  if (rng.chance(0.8)) shops.push("IT");
  if (rng.chance(0.75)) shops.push("NL");
  if (maker.own) shops.push("BRAND");
  const shopDefs = ctx.shops.filter((s) => shops.includes(s.id));
  const languages = [...new Set(shopDefs.flatMap((s) => s.languages))] as Language[];
  const decor = rng.pick(kind.decors);
  const finish = kind.finishes ? rng.pick(kind.finishes) : undefined;
  const features = rng.sample(world.features, 3);

  const variantAxis: "size" | "decor" | undefined =
    kind.sizes.length >= 2 ? "size" : kind.decors.length >= 2 && kind.decors[0]!.de !== "" ? "decor" : undefined;
  const wantsVariants = variantAxis !== undefined && remaining >= 3 && rng.chance(0.1);
  const variantCount = wantsVariants ? Math.min(rng.int(2, 4), remaining - 1, variantAxis === "size" ? kind.sizes.length : kind.decors.length) : 0;

  const baseUnitPrice = kind.unitPrice[0] + rng.next() * (kind.unitPrice[1] - kind.unitPrice[0]);
  const number = 100000 + ctx.serial++;
  const sku = `BH-${number}`;
  const group: ProductGroup = { records: [], prices: [], laterPrices: [], reviews: [] };
  const category = `${world.key}-${sub.key}`;

  const make = (
    productSku: string,
    type: ProductRecord["type"],
    size: string | undefined,
    productDecor: L,
    priceFactor: number,
    parentSku?: string,
  ): ProductRecord => {
    const packageContent = rng.pick(kind.packageContents);
    const outOfStock = rng.chance(0.12);
    const quantity = outOfStock ? 0 : rng.int(5, 800);
    const freight = kind.shipping === "freight";
    const deliveryMin = freight ? rng.int(5, 8) : rng.int(2, 4);
    const reachedEol = rng.chance(0.02);
    const attributes = kind.attributes(size ?? kind.sizes[0]!, () => rng.next());
    // The spec's product configuration fields from a derived generator, so the rest of the catalogue stays as it was.
    const extras = rng.fork(0x5e7);
    const marketingLabel = extras.chance(0.12) ? extras.pick(PRODUCT_EXTRAS.marketingLabels) : undefined;
    const content: ProductRecord["content"] = {};
    for (const lang of languages) {
      const title = titleParts(kind, productDecor, finish, size, lang);
      const amount = `${localNumber(packageContent, lang)} ${UNIT_LABEL[kind.unit]?.[lang] ?? kind.unit}`;
      const values = {
        title,
        manufacturer: maker.record.name,
        feature: features[0]![lang],
        content: amount,
        teaser: world.teaser[lang],
        min: deliveryMin,
        max: deliveryMin + 3,
      };
      content[lang] = {
        slug: `${slugify(title)}-${productSku.slice(3).toLowerCase()}`,
        title,
        subtitle: fill(TEXT.subtitle[lang], values),
        shortDescription: fill(TEXT.short[lang], values),
        description: fill(TEXT.description[lang], values),
        ...(quantity > 0 && quantity < 20 ? { lowStockMessage: TEXT.lowStock[lang] } : {}),
        measurement: fill(TEXT.measurement[lang], values),
        features: features.map((f) => f[lang]),
        attributes: attributes.map((a) => ({ code: a.code, label: a.label[lang], type: a.type, value: a.value, isVisible: true })),
        metaTitle: fill(TEXT.metaTitle[lang], values),
        metaDescription: fill(TEXT.metaDescription[lang], values),
        ...(marketingLabel ? { marketingLabel: marketingLabel[lang] } : {}),
      };
    }
    const imageCount = rng.int(2, 4);
    const media: NonNullable<ProductRecord["media"]> = Array.from({ length: imageCount }, (_, i) => ({
      kind: "image" as const,
      url: `/images/products/${productSku}-${i + 1}.jpg`,
      alt: content.de?.title ?? "",
    }));
    if (rng.chance(0.15)) {
      const poster = `/images/videos/products/${productSku.toLowerCase()}.jpg`;
      media.push({ kind: "video", url: `/videos/products/${productSku}.mp4`, alt: content.de?.title ?? "", poster });
    }
    const isFloor = kind.samples === true;
    const downloads: ProductRecord["downloads"] = {};
    const tutorials: ProductRecord["tutorials"] = {};
    const withGuide = isFloor || rng.chance(0.4);
    const withTutorial = isFloor && rng.chance(0.6);
    for (const lang of languages) {
      if (withGuide) {
        downloads[lang] = [
          { title: TEXT.datasheet[lang], url: `/downloads/${productSku}/${TEXT.datasheetFile[lang]}-${lang}.pdf` },
          ...(isFloor ? [{ title: TEXT.guide[lang], url: `/downloads/${productSku}/${TEXT.guideFile[lang]}-${lang}.pdf` }] : []),
        ];
      }
      if (withTutorial) {
        tutorials[lang] = [
          {
            title: fill(TEXT.tutorialVideo[lang], { noun: kind.noun[lang] }),
            type: "video",
            url: `/videos/tutorials/${world.key}-${sub.key}-${lang}.mp4`,
            poster: `/images/videos/tutorials/${world.key}-${sub.key}.jpg`,
          },
          { title: fill(TEXT.tutorialText[lang], { noun: kind.noun[lang] }), type: "text", content: TEXT.tutorialTextBody[lang] },
        ];
      }
    }
    const record: ProductRecord = {
      sku: productSku,
      ...(parentSku ? { parentSku } : {}),
      type,
      manufacturer: maker.record.id,
      category,
      categories: [world.key],
      shops,
      ean: ean13(rng),
      unit: kind.unit,
      packageContent,
      ...(kind.blend ? { blendPercent: kind.blend } : {}),
      shippingGroup: kind.shipping,
      ...(kind.decking ? { isDecking: true } : {}),
      isExpress: !kind.decking && rng.chance(0.4),
      ...(rng.chance(0.05) ? { isClearance: true } : {}),
      ...(rng.chance(0.05) ? { isPlus: true } : {}),
      ...(!freight && extras.chance(0.15) ? { isFreeShipping: true } : {}),
      ...(rng.chance(0.02) ? { isActive: false } : {}),
      ...(reachedEol ? { reachedEol: true } : {}),
      deliveryDays: { min: deliveryMin, max: deliveryMin + rng.int(1, freight ? 6 : 3) },
      stock: {
        quantity: reachedEol ? 0 : quantity,
        ...(kind.unit === "SQM" && rng.chance(0.3) ? { minimumOrderQuantity: packageContent } : {}),
        notificationQuantity: 10,
      },
      ...(kind.terraceBoard && type !== "configurable"
        ? {
            terraceConfEnabled: true,
            terrace: { role: "board" as const, ...kind.terraceBoard, lengthMm: Number(size ?? kind.sizes[0]) },
          }
        : {}),
      ...(kind.samples
        ? { samples: { active: rng.chance(0.9), express: rng.chance(0.3), longDeliveryTime: rng.chance(0.1), free: rng.chance(0.95), max: rng.int(1, 3) } }
        : {}),
      content,
      media,
      ...(Object.keys(downloads).length ? { downloads } : {}),
      ...(Object.keys(tutorials).length ? { tutorials } : {}),
    };
    // A Plus product's Plus tab has its own text.
    if (record.isPlus) for (const lang of languages) content[lang]!.plusContent = PRODUCT_EXTRAS.plusContent[lang];
    // Prices in every shop of the product.
    const discounted = rng.chance(0.15);
    const oldFactor = 1.1 + rng.next() * 0.2;
    for (const shop of shopDefs) {
      const perUnit = baseUnitPrice * priceFactor * (PRICE_FACTOR[shop.id] ?? 1);
      const packagePrice = Math.max(0.99, Math.round(perUnit * packageContent) - 0.01);
      const current: PriceRecord = {
        sku: productSku,
        shop: shop.id,
        currency: shop.currency,
        packagePrice: round2(packagePrice),
        unitPrice: round2(packagePrice / packageContent),
        validFrom: now.toISOString(),
      };
      if (discounted) {
        const oldPackage = round2(Math.round(packagePrice * oldFactor) - 0.01);
        group.prices.push({
          ...current,
          packagePrice: oldPackage,
          unitPrice: round2(oldPackage / packageContent),
          validFrom: new Date(now.getTime() - 20 * DAY).toISOString(),
        });
        group.laterPrices.push(current);
      } else {
        group.prices.push(current);
      }
    }
    // Reviews for some products.
    if (type !== "variant" && rng.chance(0.35)) {
      const count = rng.int(1, 6);
      for (let i = 0; i < count; i++) {
        const lang = rng.pick(languages);
        const pool = REVIEWS[lang];
        const review = rng.pick(pool);
        group.reviews.push({
          id: `R-${productSku}-${i + 1}`,
          sku: productSku,
          language: lang,
          mark: review.mark,
          comment: fill(review.comment, { topic: world.reviewTopic[lang] }),
          reviewer: rng.pick(REVIEWERS),
          ...(rng.chance(0.3) ? { answer: REVIEW_ANSWER[lang] } : {}),
          createdAt: new Date(now.getTime() - rng.int(1, 400) * DAY - rng.int(0, 86_399) * 1000).toISOString(),
        });
      }
    }
    return record;
  };

  if (variantCount >= 2) {
    const options = variantAxis === "size" ? rng.sample(kind.sizes, variantCount) : rng.sample(kind.decors, variantCount).map((d) => d.de);
    // The parent's title leaves out what the variants differ in.
    const parent = make(sku, "configurable", undefined, variantAxis === "decor" ? { de: "", at: "", en: "", fr: "", it: "", nl: "" } : decor, 1);
    parent.configurableAttributes = [
      {
        code: variantAxis === "size" ? "size" : "decor",
        label: TEXT.variantLabel,
        options: options.map((value) => ({
          value: slugify(value) || value,
          label:
            variantAxis === "size"
              ? (Object.fromEntries(languages.map((lang) => [lang, sizeText(kind, value, lang)])) as L)
              : kind.decors.find((d) => d.de === value)!,
        })),
      },
    ];
    group.records.push(parent);
    options.forEach((option, index) => {
      const variantDecor = variantAxis === "decor" ? kind.decors.find((d) => d.de === option)! : decor;
      const size = variantAxis === "size" ? option : undefined;
      group.records.push(make(`${sku}-${index + 1}`, "variant", size, variantDecor, 1 + index * 0.08, sku));
    });
  } else {
    group.records.push(make(sku, "simple", rng.pick(kind.sizes), decor, 1));
  }
  return group;
}

/** The worlds whose variants are sold in a set with a skirting board and an underlay (the spec's productSets). */
const SET_WORLDS = ["parkett", "vinyl", "laminat"];

/**
 * Each variant of a floor family is sold in a set with a skirting board and an underlay of
 * its own (by its place in the family), so choosing another variant shows another set.
 */
function assignProductSets(files: readonly CatalogueFile[]): void {
  const products = files.flatMap((file) => file.document.products ?? []);
  const inCategory = (category: string) =>
    products.filter((product) => product.category === category && product.type !== "configurable" && product.isActive !== false);
  const skirting = inCategory("baustoffe-sockelleisten");
  const underlay = inCategory("baustoffe-daemmung");
  if (skirting.length === 0 || underlay.length === 0) return;
  let index = 0;
  for (const product of products) {
    if (product.type !== "variant" || !SET_WORLDS.some((world) => product.category.startsWith(`${world}-`))) continue;
    product.productSets = [skirting[index % skirting.length]!.sku, underlay[index % underlay.length]!.sku];
    index += 1;
  }
}

/** How many of the demo's floors are the merchandiser's top products (TopProducts). */
const TOP_PRODUCTS = 4;

/** The first floors that are not variants, active and in stock, are the top products, in their order. */
function assignTopProducts(files: readonly CatalogueFile[]): void {
  const floors = files
    .flatMap((file) => file.document.products ?? [])
    .filter(
      (product) =>
        product.type !== "variant" &&
        product.isActive !== false &&
        product.stock.quantity > 0 &&
        SET_WORLDS.some((world) => product.category.startsWith(`${world}-`)),
    );
  floors.slice(0, TOP_PRODUCTS).forEach((product, index) => {
    product.topPosition = index + 1;
    for (const [lang, content] of Object.entries(product.content)) if (content) content.topDescription = PRODUCT_EXTRAS.topDescription[lang as Language];
  });
}

/** The whole demo catalogue, as files to import in order. */
export function buildCatalogue(options: BuildOptions): CatalogueFile[] {
  const chunkSize = options.chunkSize ?? 1000;
  const rng = new Random(options.seed);
  const shops = loadShops();
  const languages = [...new Set(shops.flatMap((s) => s.languages))] as Language[];
  const categories = categoryRecords(languages);
  const makers = manufacturerRecords(rng.fork(1), languages);
  const floorMakers = makers.filter((maker) => maker.worlds.some((world) => ["parkett", "vinyl", "laminat"].includes(world))).map((maker) => maker.record.id);
  const cms = cmsRecords(shops, categories, floorMakers);
  // The Black Week campaign with its hub on the SALES page, and the home blocks (campaigns.ts; docs/decisions/0048).
  const salePage = PAGES.find((page) => page.pageType === "SALES")!;
  const campaign = demoCampaignContent(shops, categories, (lang) => salePage.identifier[lang], options.now);
  const files: CatalogueFile[] = [
    {
      name: "00-base.json",
      products: 0,
      document: {
        categories,
        manufacturers: makers.map((m) => m.record),
        cmsPages: cms.pages,
        cmsBlocks: [...cms.blocks, ...campaign.blocks],
        seoLinks: cms.links,
        campaigns: campaign.campaigns,
        terraceFamilies: TERRACE_FAMILIES,
      },
    },
  ];
  const ctx: ProductContext = { rng: rng.fork(2), shops, makers, now: options.now, serial: 1 };
  let made = 0;
  let chunk: ProductGroup[] = [];
  let chunkProducts = 0;
  let chunkIndex = 0;
  const flush = () => {
    if (chunk.length === 0) return;
    chunkIndex++;
    const id = String(chunkIndex).padStart(4, "0");
    files.push({
      name: `products-${id}.json`,
      products: chunkProducts,
      document: {
        products: chunk.flatMap((g) => g.records),
        prices: chunk.flatMap((g) => g.prices),
        reviews: chunk.flatMap((g) => g.reviews),
      },
    });
    const later = chunk.flatMap((g) => g.laterPrices);
    if (later.length > 0) files.push({ name: `products-${id}-prices.json`, products: 0, document: { prices: later } });
    chunk = [];
    chunkProducts = 0;
  };
  while (made < options.products) {
    const group = productGroup(ctx, options.products - made);
    chunk.push(group);
    chunkProducts += group.records.length;
    made += group.records.length;
    if (chunkProducts >= chunkSize) flush();
  }
  flush();
  assignProductSets(files);
  assignTopProducts(files);
  // The terrace planner's substructure, for every shop that sells a decking board.
  const deckingShops = new Set(files.flatMap((file) => (file.document.products ?? []).filter((p) => p.terrace?.role === "board").flatMap((p) => p.shops)));
  const parts = terraceParts(shops, deckingShops, (shop) => PRICE_FACTOR[shop] ?? 1, options.now);
  if (parts.products.length > 0) {
    files.push({
      name: "terrace.json",
      products: parts.products.length,
      document: { products: parts.products, prices: parts.prices, terraceSystems: parts.systems },
    });
  }
  // Roof windows with their configuration and a blind chosen by image (roof-windows.ts).
  const roofWindows = roofWindowDocument(shops, languages);
  files.push({ name: "roof-windows.json", products: roofWindows.products?.length ?? 0, document: roofWindows });
  return files;
}
