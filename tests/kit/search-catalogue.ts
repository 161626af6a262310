/** A small catalogue whose search results the search tests know by heart. */
import type { CatalogueDocument, ProductRecord, PriceRecord } from "./catalogue";

type Attribute = NonNullable<NonNullable<ProductRecord["content"]["de"]>["attributes"]>[number];

const number = (code: string, label: string, value: number): Attribute => ({ code, label, type: "number", value: String(value), isVisible: true });
const text = (code: string, label: string, value: string): Attribute => ({ code, label, type: "text", value, isVisible: true });
const yesNo = (code: string, label: string, value: boolean): Attribute => ({ code, label, type: "boolean", value: String(value), isVisible: true });

interface Spec {
  sku: string;
  title: string;
  category: string;
  /** further categories */
  categories?: string[];
  price: number;
  shops?: string[];
  manufacturer?: string;
  attributes?: Attribute[];
  stock?: number;
  active?: boolean;
  ean?: string;
  fr?: string;
  en?: string;
  tutorials?: ProductRecord["tutorials"];
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const slug = (title: string, sku: string) => `${slugify(title)}-${sku.toLowerCase()}`;

function product(spec: Spec): { product: ProductRecord; prices: PriceRecord[] } {
  const shops = spec.shops ?? ["DE"];
  const content: ProductRecord["content"] = {};
  if (shops.some((s) => s !== "COM"))
    content.de = { slug: slug(spec.title, spec.sku), title: spec.title, attributes: spec.attributes ?? [], lowStockMessage: "" };
  if (spec.fr) content.fr = { slug: slug(spec.fr, spec.sku), title: spec.fr, attributes: spec.attributes ?? [] };
  if (spec.en || shops.includes("COM")) content.en = { slug: slug(spec.en ?? spec.title, spec.sku), title: spec.en ?? spec.title };
  return {
    product: {
      sku: spec.sku,
      type: "simple",
      category: spec.category,
      ...(spec.categories ? { categories: spec.categories } : {}),
      ...(spec.manufacturer ? { manufacturer: spec.manufacturer } : {}),
      shops,
      ...(spec.ean ? { ean: spec.ean } : {}),
      unit: "SQM",
      packageContent: 2,
      shippingGroup: "parcel",
      deliveryDays: { min: 2, max: 4 },
      stock: { quantity: spec.stock ?? 100, notificationQuantity: 10 },
      ...(spec.active === false ? { isActive: false } : {}),
      content,
      media: [{ kind: "image", url: `/images/products/${spec.sku}.jpg`, alt: spec.title }],
      ...(spec.tutorials ? { tutorials: spec.tutorials } : {}),
    },
    prices: shops.map((shop) => ({
      sku: spec.sku,
      shop,
      currency: shop === "CH" ? ("CHF" as const) : ("EUR" as const),
      packagePrice: shop === "CH" ? Math.round(spec.price * 1.1 * 100) / 100 : spec.price,
      unitPrice: Math.round((spec.price / 2) * 100) / 100,
    })),
  };
}

const THICKNESS = "Stärke (mm)";
const WEAR = "Nutzungsklasse";
const HEATING = "Fußbodenheizung geeignet";

export const SPECS: Spec[] = [
  {
    sku: "LD-1",
    title: "Landhausdiele Eiche natur geölt 14 mm",
    category: "parkett-landhausdielen",
    price: 109.78,
    shops: ["DE", "CH"],
    manufacturer: "holzwerk",
    attributes: [number("thickness_mm", THICKNESS, 14), yesNo("underfloor_heating", HEATING, true)],
    fr: "Parquet chêne naturel huilé 14 mm",
    ean: "4006381333931",
    tutorials: { de: [{ title: "Landhausdiele pflegen", type: "text", content: "Mit Hartwachsöl nachbehandeln." }] },
  },
  {
    sku: "LD-2",
    title: "Landhausdiele Eiche",
    category: "parkett-landhausdielen",
    price: 89,
    shops: ["DE", "BRAND"],
    manufacturer: "dielenmanufaktur",
    attributes: [number("thickness_mm", THICKNESS, 15)],
  },
  {
    sku: "LD-3",
    title: "Landhausdiele Buche gedämpft 20 mm",
    category: "parkett-landhausdielen",
    price: 129.5,
    manufacturer: "holzwerk",
    attributes: [number("thickness_mm", THICKNESS, 20)],
  },
  {
    sku: "KV-1",
    title: "Klick-Vinyl Eiche grau 5 mm",
    category: "vinyl-klick",
    price: 56.81,
    manufacturer: "aquastep",
    stock: 5,
    attributes: [number("thickness_mm", THICKNESS, 5), text("wear_class", WEAR, "23/33"), yesNo("underfloor_heating", HEATING, true)],
    tutorials: { de: [{ title: "Klick-Vinyl verlegen", type: "video", url: "/videos/tutorials/klick-vinyl-de.mp4" }] },
  },
  {
    sku: "KV-2",
    title: "Klick-Vinyl Steinoptik Schiefer 4,5 mm",
    category: "vinyl-klick",
    price: 39.99,
    manufacturer: "aquastep",
    attributes: [number("thickness_mm", THICKNESS, 4.5), text("wear_class", WEAR, "23/42"), yesNo("underfloor_heating", HEATING, false)],
  },
  // Filed under a second subcategory beside its primary one.
  { sku: "WP-1", title: "Akustikpaneel Nussbaum", category: "wand-paneele", categories: ["wand-akustik"], price: 149, manufacturer: "holzwerk" },
  { sku: "BH-100200", title: "Sockelleiste Eiche furniert 60 mm", category: "zubehoer", price: 12.5, manufacturer: "holzwerk" },
  { sku: "BH-100200-1", title: "Sockelleiste BH-100200 Ersatzteil", category: "zubehoer", price: 2.5, stock: 500 },
  { sku: "OLD-1", title: "Landhausdiele Eiche alt", category: "parkett-landhausdielen", price: 10, active: false },
  { sku: "COM-1", title: "Oak plank imported", category: "parkett-landhausdielen", price: 99, shops: ["COM"], en: "Oak plank imported" },
  ...Array.from({ length: 25 }, (_, i): Spec => ({
    sku: `SL-${String(i + 1).padStart(2, "0")}`,
    title: `Sockelleiste Weiß lackiert ${40 + i} mm`,
    category: "zubehoer",
    price: 5 + i,
  })),
];

export function searchCatalogue(): CatalogueDocument {
  const made = SPECS.map(product);
  const t = (de: string, fr = de, en = de) => ({
    de: { name: de, slug: slugify(de) },
    fr: { name: fr, slug: `fr-${slugify(fr)}` },
    en: { name: en, slug: `en-${slugify(en)}` },
  });
  return {
    categories: [
      { id: "parkett", parentId: null, position: 0, translations: t("Parkett", "Parquet", "Parquet") },
      { id: "parkett-landhausdielen", parentId: "parkett", position: 0, translations: t("Landhausdielen", "Planches", "Planks") },
      { id: "vinyl", parentId: null, position: 1, translations: t("Vinylboden", "Vinyle", "Vinyl") },
      { id: "vinyl-klick", parentId: "vinyl", position: 0, translations: t("Klick-Vinyl", "Vinyle clipsable", "Click vinyl") },
      { id: "zubehoer", parentId: null, position: 2, translations: t("Zubehör", "Accessoires", "Accessories") },
      { id: "wand", parentId: null, position: 3, translations: t("Wand", "Mur", "Wall") },
      { id: "wand-paneele", parentId: "wand", position: 0, translations: t("Wandpaneele", "Panneaux", "Panels") },
      { id: "wand-akustik", parentId: "wand", position: 1, translations: t("Akustik", "Acoustique", "Acoustics") },
    ],
    manufacturers: [
      { id: "holzwerk", name: "Holzwerk Alpen", slug: "holzwerk-alpen" },
      { id: "aquastep", name: "Aquastep Flooring", slug: "aquastep-flooring" },
      { id: "dielenmanufaktur", name: "Dielenmanufaktur", slug: "dielenmanufaktur" },
    ],
    products: made.map((m) => m.product),
    prices: made.flatMap((m) => m.prices),
    cmsPages: [
      { shop: "DE", language: "de", identifier: "versand", title: "Versand & Lieferung", content: "<p>Landhausdielen kommen per Spedition.</p>" },
      { shop: "DE", language: "de", identifier: "gutschein-danke", title: "Danke", content: "<p>Landhausdiele Gutschein</p>", excludeFromSitemap: true },
      {
        shop: "DE",
        language: "de",
        identifier: "landhausdielen-richtig-pflegen",
        pageType: "GUIDE",
        title: "Landhausdielen richtig pflegen",
        content: "<p>Geölte <strong>Landhausdielen</strong> wischen Sie nebelfeucht.</p>",
      },
      { shop: "DE", language: "de", identifier: "magazin", pageType: "MAGAZINE", title: "Magazin", content: "<p>Ratgeber zu Landhausdielen und mehr.</p>" },
    ],
  };
}
