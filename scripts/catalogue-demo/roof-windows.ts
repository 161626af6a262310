/**
 * Roof windows in the demo catalogue: a category under building materials, the
 * windows in three sizes, their flashings, blinds and accessories, and on the smallest window
 * the roof-window configuration (componentType, name, code, stepData) whose steps the
 * configurator on its page shows. Also a configurable pleated blind whose colours are chosen
 * by image (useImage); its anthracite colour has no variant, so the product configurator says
 * the configuration is not available. Fixed data, imported through the validated import like
 * every other file.
 */
import type { Language, ShopDefinition } from "@config/shop-config";
import type { CategoryRecord, CatalogueDocument, PriceRecord, ProductRecord } from "@shop-api/catalogue/import-format";
import { slugify, t, WORLDS, type L } from "./vocabulary";

const CATEGORY = "baustoffe-dachfenster";
const SHOPS = ["DE", "AT", "CH", "COM", "FR", "IT", "NL"];
const PRICE_FACTOR: Record<string, number> = { DE: 1, AT: 1.02, FR: 1.04, IT: 1.05, NL: 1.03, COM: 1, CH: 1.12 };

interface Item {
  sku: string;
  title: L;
  /** Price in the German shop, euro. */
  euro: number;
  stock?: number;
}

const SIZES = [
  { code: "CK02", cm: "55 × 78" },
  { code: "MK04", cm: "78 × 98" },
  { code: "SK06", cm: "114 × 118" },
];

const sized = (noun: L, cm: string): L => Object.fromEntries(Object.entries(noun).map(([lang, text]) => [lang, `${text} ${cm} cm`])) as L;

const WINDOW = t(
  "Schwingfenster Kunststoff",
  "Centre-pivot roof window PVC",
  "Fenêtre de toit à rotation PVC",
  "Finestra per tetti a bilico PVC",
  "Tuimelvenster kunststof",
);
const FLASHING_TILE = t("Eindeckrahmen für Ziegel", "Flashing for tiles", "Raccord pour tuiles", "Raccordo per tegole", "Gootstuk voor pannen");
const FLASHING_FLAT = t(
  "Eindeckrahmen für flache Eindeckung",
  "Flashing for flat roofing",
  "Raccord pour couverture plate",
  "Raccordo per copertura piana",
  "Gootstuk voor vlakke dakbedekking",
);
const BLIND = t("Verdunkelungsrollo", "Blackout blind", "Store occultant", "Tenda oscurante", "Verduisteringsrolgordijn");

const windows: Item[] = SIZES.map((size, i) => ({ sku: `DF-${size.code}`, title: sized(WINDOW, size.cm), euro: [389, 479, 629][i]! }));
const tileFlashings: Item[] = SIZES.map((size, i) => ({ sku: `EDR-${size.code}-Z`, title: sized(FLASHING_TILE, size.cm), euro: [109, 129, 159][i]! }));
const flatFlashings: Item[] = SIZES.slice(0, 2).map((size, i) => ({ sku: `EDR-${size.code}-F`, title: sized(FLASHING_FLAT, size.cm), euro: [99, 119][i]! }));
const blinds: Item[] = SIZES.map((size, i) => ({ sku: `ROL-${size.code}`, title: sized(BLIND, size.cm), euro: [79, 94, 119][i]! }));
const accessories: Item[] = [
  {
    sku: "DZ-MOTOR",
    title: t("Elektro-Nachrüstset", "Electric retrofit kit", "Kit de motorisation", "Kit di motorizzazione", "Elektrische ombouwset"),
    euro: 329,
  },
  {
    sku: "DZ-DAEMM",
    title: t(
      "Dämm- und Anschlussset",
      "Insulation and connection kit",
      "Kit d'isolation et de raccord",
      "Kit di isolamento e raccordo",
      "Isolatie- en aansluitset",
    ),
    euro: 69,
  },
  { sku: "DZ-STANGE", title: t("Bedienstange 1 m", "Operating rod 1 m", "Perche de manœuvre 1 m", "Asta di manovra 1 m", "Bedieningsstang 1 m"), euro: 29 },
];

const PLEAT = t(
  "Plissee für Dachfenster",
  "Pleated blind for roof windows",
  "Store plissé pour fenêtre de toit",
  "Tenda plissettata per finestre da tetto",
  "Plissé voor dakramen",
);
const COLOURS = [
  { value: "beige", label: t("Beige", "Beige", "Beige", "Beige", "Beige") },
  { value: "grau", label: t("Grau", "Grey", "Gris", "Grigio", "Grijs") },
  { value: "anthrazit", label: t("Anthrazit", "Anthracite", "Anthracite", "Antracite", "Antraciet") },
];

function content(sku: string, title: L, languages: readonly Language[], description: L): ProductRecord["content"] {
  return Object.fromEntries(
    languages.map((lang) => [lang, { slug: `${slugify(title[lang])}-${sku.toLowerCase()}`, title: title[lang], description: `<p>${description[lang]}</p>` }]),
  );
}

const DESCRIPTION = t(
  "Passend zum Dachfenster-System: Fenster, Eindeckrahmen, Rollo und Zubehör im Konfigurator zusammenstellen.",
  "Part of the roof-window system: put window, flashing, blind and accessories together in the configurator.",
  "Fait partie du système de fenêtre de toit : composez fenêtre, raccord, store et accessoires dans le configurateur.",
  "Parte del sistema di finestre per tetti: componi finestra, raccordo, tenda e accessori nel configuratore.",
  "Onderdeel van het dakraamsysteem: stel raam, gootstuk, rolgordijn en toebehoren samen in de configurator.",
);

function product(item: Item, languages: readonly Language[], extra: Partial<ProductRecord> = {}): ProductRecord {
  return {
    sku: item.sku,
    type: "simple",
    category: CATEGORY,
    categories: ["baustoffe"],
    shops: SHOPS,
    unit: "PCS",
    packageContent: 1,
    shippingGroup: "parcel",
    deliveryDays: { min: 4, max: 8 },
    stock: { quantity: item.stock ?? 40, notificationQuantity: 5 },
    content: content(item.sku, item.title, languages, DESCRIPTION),
    media: [{ kind: "image", url: `/images/products/${item.sku}-1.jpg`, alt: item.title.de }],
    ...extra,
  };
}

function prices(item: { sku: string; euro: number }, shops: readonly ShopDefinition[]): PriceRecord[] {
  return shops
    .filter((shop) => SHOPS.includes(shop.id))
    .map((shop) => {
      const packagePrice = Math.round(item.euro * (PRICE_FACTOR[shop.id] ?? 1)) - 0.01;
      return { sku: item.sku, shop: shop.id, currency: shop.currency as PriceRecord["currency"], packagePrice, unitPrice: packagePrice };
    });
}

/** The roof-window configuration on the window DF-CK02: one step per component, the window first. */
function configuration(): NonNullable<ProductRecord["roofWindowConfiguration"]> {
  return [
    {
      componentType: "window",
      code: "fenster",
      name: t("Fenster", "Window", "Fenêtre", "Finestra", "Raam"),
      stepData: { choices: SIZES.map((size) => ({ sku: `DF-${size.code}`, size: size.code })) },
    },
    {
      componentType: "flashing",
      code: "eindeckrahmen",
      name: t("Eindeckrahmen", "Flashing", "Raccord", "Raccordo", "Gootstuk"),
      required: true,
      stepData: {
        choices: [
          ...tileFlashings.map((item, i) => ({ sku: item.sku, fits: [SIZES[i]!.code] })),
          ...flatFlashings.map((item, i) => ({ sku: item.sku, fits: [SIZES[i]!.code] })),
        ],
      },
    },
    {
      componentType: "blind",
      code: "rollo",
      name: t("Rollo", "Blind", "Store", "Tenda", "Rolgordijn"),
      stepData: { choices: blinds.map((item, i) => ({ sku: item.sku, fits: [SIZES[i]!.code] })) },
    },
    {
      componentType: "accessories",
      code: "zubehoer",
      name: t("Zubehör", "Accessories", "Accessoires", "Accessori", "Toebehoren"),
      stepData: { multiple: true, choices: accessories.map((item) => ({ sku: item.sku })) },
    },
  ];
}

export function roofWindowDocument(shops: readonly ShopDefinition[], languages: readonly Language[]): CatalogueDocument {
  const world = WORLDS.find((w) => w.key === "baustoffe")!;
  const name = t("Dachfenster", "Roof windows", "Fenêtres de toit", "Finestre per tetti", "Dakramen");
  const category: CategoryRecord = {
    id: CATEGORY,
    parentId: "baustoffe",
    position: 99,
    translations: Object.fromEntries(languages.map((lang) => [lang, { name: name[lang], slug: `${slugify(world.name[lang])}/${slugify(name[lang])}` }])),
  };
  const components = [...windows.slice(1), ...tileFlashings, ...flatFlashings, ...blinds, ...accessories];
  const pleatVariants: Item[] = COLOURS.slice(0, 2).map((colour, i) => ({
    sku: `PLI-DF-${i + 1}`,
    title: Object.fromEntries(Object.entries(PLEAT).map(([lang, text]) => [lang, `${text} ${colour.label[lang as Language]}`])) as L,
    euro: 59 + i * 4,
  }));
  const pleat: ProductRecord = {
    ...product({ sku: "PLI-DF", title: PLEAT, euro: 0 }, languages),
    type: "configurable",
    configurableAttributes: [
      {
        code: "farbe",
        label: t("Farbe", "Colour", "Couleur", "Colore", "Kleur"),
        useImage: true,
        options: COLOURS.map((colour) => ({ value: colour.value, label: colour.label, image: `/images/swatches/pleat-${colour.value}.jpg` })),
      },
    ],
  };
  return {
    categories: [category],
    products: [
      ...components.map((item) => product(item, languages)),
      product(windows[0]!, languages, { roofWindowConfiguration: configuration() }),
      pleat,
      ...pleatVariants.map((item) => ({ ...product(item, languages), type: "variant" as const, parentSku: "PLI-DF" })),
    ],
    prices: [...windows, ...components.filter((item) => !windows.includes(item)), ...pleatVariants].flatMap((item) => prices(item, shops)),
  };
}
