/**
 * The terrace planner's part of the demo catalogue (docs/decisions/0043): the laying rules of
 * the decking families, the substructure products (joists with their stock length, pedestals,
 * adjustable feet, clips, screws, edge boards) and the substructure systems made of them.
 * Deterministic (no random numbers): the parts are sold in every shop that sells a decking board.
 */
import type { Language, ShopDefinition } from "@config/shop-config";
import type { PriceRecord, ProductRecord, TerraceFamilyRecord, TerraceSystemRecord } from "@shop-api/catalogue/import-format";
import { slugify, t, type L } from "./vocabulary";

export const TERRACE_FAMILIES: TerraceFamilyRecord[] = [
  // WPC bends more than hardwood: closer joists, one hidden clip per crossing.
  { family: "wpc", maxJoistSpacingCm: { straight: 40, diagonal: 30 }, joistOverhangCm: 5, supportSpacingCm: 50, fastenersPerCrossing: 1 },
  // Wood: at most 50 cm between joists for straight boards, 40 cm at 45 degrees; two screws per crossing.
  { family: "wood", maxJoistSpacingCm: { straight: 50, diagonal: 40 }, joistOverhangCm: 5, supportSpacingCm: 60, fastenersPerCrossing: 2 },
];

interface PartDef {
  sku: string;
  terrace: NonNullable<ProductRecord["terrace"]>;
  title: L;
  category: "terrasse-unterkonstruktion" | "terrasse-terrassenzubehoer";
  packageContent: number;
  /** EUR, tax included, per package in the German shop. */
  packagePrice: number;
  shipping: "parcel" | "freight";
}

/** What every substructure part's page says of it (its search-result description). */
const PART_DESCRIPTION = t(
  "Teil der Unterkonstruktion für Ihre Terrasse, vom Terrassenplaner passend zu den Dielen berechnet.",
  "part of the substructure for your terrace, calculated by the terrace planner to match the boards.",
  "élément de la sous-structure de votre terrasse, calculé par le planificateur de terrasse selon les lames.",
  "parte della sottostruttura della vostra terrazza, calcolata dal configuratore di terrazze in base alle doghe.",
  "onderdeel van de onderconstructie van uw terras, door de terrasplanner passend bij de planken berekend.",
);

const PARTS: PartDef[] = [
  {
    sku: "BH-T-JOIST-ALU",
    terrace: { role: "joist", lengthMm: 4000 },
    title: t(
      "Alu-Unterkonstruktion 40 x 60 mm, 4000 mm",
      "Aluminium joist 40 x 60 mm, 4000 mm",
      "Lambourde aluminium 40 x 60 mm, 4000 mm",
      "Magatello in alluminio 40 x 60 mm, 4000 mm",
      "Aluminium balk 40 x 60 mm, 4000 mm",
    ),
    category: "terrasse-unterkonstruktion",
    packageContent: 1,
    packagePrice: 34.9,
    shipping: "freight",
  },
  {
    sku: "BH-T-JOIST-LARCH",
    terrace: { role: "joist", lengthMm: 4000 },
    title: t(
      "Lärchen-Unterkonstruktion 45 x 70 mm, 4000 mm",
      "Larch joist 45 x 70 mm, 4000 mm",
      "Lambourde en mélèze 45 x 70 mm, 4000 mm",
      "Magatello in larice 45 x 70 mm, 4000 mm",
      "Lariks balk 45 x 70 mm, 4000 mm",
    ),
    category: "terrasse-unterkonstruktion",
    packageContent: 1,
    packagePrice: 17.9,
    shipping: "freight",
  },
  {
    sku: "BH-T-PEDESTAL",
    terrace: { role: "pedestal" },
    title: t(
      "Stelzlager verstellbar 40-60 mm, 10 Stück",
      "Adjustable pedestals 40-60 mm, pack of 10",
      "Plots réglables 40-60 mm, lot de 10",
      "Supporti regolabili 40-60 mm, confezione da 10",
      "Verstelbare tegeldragers 40-60 mm, 10 stuks",
    ),
    category: "terrasse-unterkonstruktion",
    packageContent: 10,
    packagePrice: 39.9,
    shipping: "parcel",
  },
  {
    sku: "BH-T-FOOT",
    terrace: { role: "foot" },
    title: t(
      "Stellfüße für Unterkonstruktion 30-50 mm, 10 Stück",
      "Adjustable joist feet 30-50 mm, pack of 10",
      "Pieds réglables pour lambourdes 30-50 mm, lot de 10",
      "Piedini regolabili per magatelli 30-50 mm, confezione da 10",
      "Verstelbare balkvoeten 30-50 mm, 10 stuks",
    ),
    category: "terrasse-unterkonstruktion",
    packageContent: 10,
    packagePrice: 29.9,
    shipping: "parcel",
  },
  {
    sku: "BH-T-CLIP",
    terrace: { role: "clip" },
    title: t(
      "Montageclips Edelstahl für Terrassendielen, 100 Stück",
      "Stainless steel decking clips, pack of 100",
      "Clips de fixation inox pour lames de terrasse, lot de 100",
      "Clip di montaggio inox per doghe, confezione da 100",
      "RVS montageclips voor vlonderplanken, 100 stuks",
    ),
    category: "terrasse-terrassenzubehoer",
    packageContent: 100,
    packagePrice: 34.9,
    shipping: "parcel",
  },
  {
    sku: "BH-T-SCREW",
    terrace: { role: "screw" },
    title: t(
      "Terrassenschrauben Edelstahl 5 x 60 mm, 200 Stück",
      "Stainless steel decking screws 5 x 60 mm, pack of 200",
      "Vis de terrasse inox 5 x 60 mm, lot de 200",
      "Viti per terrazze inox 5 x 60 mm, confezione da 200",
      "RVS vlonderschroeven 5 x 60 mm, 200 stuks",
    ),
    category: "terrasse-terrassenzubehoer",
    packageContent: 200,
    packagePrice: 24.9,
    shipping: "parcel",
  },
  {
    sku: "BH-T-EDGE-WPC",
    terrace: { role: "edge", lengthMm: 2200 },
    title: t(
      "WPC-Abschlussleiste graphit, 2200 mm",
      "WPC edge trim graphite, 2200 mm",
      "Profilé de finition composite graphite, 2200 mm",
      "Profilo di chiusura in WPC grafite, 2200 mm",
      "Composiet afwerkprofiel grafiet, 2200 mm",
    ),
    category: "terrasse-terrassenzubehoer",
    packageContent: 1,
    packagePrice: 19.9,
    shipping: "freight",
  },
  {
    sku: "BH-T-EDGE-WOOD",
    terrace: { role: "edge", lengthMm: 3000 },
    title: t(
      "Abschlussbrett Lärche, 3000 mm",
      "Larch edge board, 3000 mm",
      "Planche de finition en mélèze, 3000 mm",
      "Tavola di chiusura in larice, 3000 mm",
      "Lariks afwerkplank, 3000 mm",
    ),
    category: "terrasse-terrassenzubehoer",
    packageContent: 1,
    packagePrice: 14.9,
    shipping: "freight",
  },
];

const SYSTEMS: TerraceSystemRecord[] = [
  {
    id: "wpc-alu-pedestals",
    family: "wpc",
    kind: "joists_pedestals",
    position: 0,
    joistSku: "BH-T-JOIST-ALU",
    supportSku: "BH-T-PEDESTAL",
    fastenerSku: "BH-T-CLIP",
    edgeSku: "BH-T-EDGE-WPC",
    names: t(
      "Alu-Unterkonstruktion auf Stelzlagern, Clips",
      "Aluminium joists on pedestals, clips",
      "Lambourdes alu sur plots, clips",
      "Magatelli in alluminio su supporti, clip",
      "Aluminium balken op tegeldragers, clips",
    ),
  },
  {
    id: "wpc-alu-feet",
    family: "wpc",
    kind: "joists_feet",
    position: 1,
    joistSku: "BH-T-JOIST-ALU",
    supportSku: "BH-T-FOOT",
    fastenerSku: "BH-T-CLIP",
    edgeSku: "BH-T-EDGE-WPC",
    names: t(
      "Alu-Unterkonstruktion auf Stellfüßen, Clips",
      "Aluminium joists on adjustable feet, clips",
      "Lambourdes alu sur pieds réglables, clips",
      "Magatelli in alluminio su piedini regolabili, clip",
      "Aluminium balken op verstelbare voeten, clips",
    ),
  },
  {
    id: "wood-larch-pedestals",
    family: "wood",
    kind: "joists_pedestals",
    position: 0,
    joistSku: "BH-T-JOIST-LARCH",
    supportSku: "BH-T-PEDESTAL",
    fastenerSku: "BH-T-SCREW",
    edgeSku: "BH-T-EDGE-WOOD",
    names: t(
      "Lärchen-Unterkonstruktion auf Stelzlagern, Schrauben",
      "Larch joists on pedestals, screws",
      "Lambourdes en mélèze sur plots, vis",
      "Magatelli in larice su supporti, viti",
      "Lariks balken op tegeldragers, schroeven",
    ),
  },
  {
    id: "wood-alu-feet",
    family: "wood",
    kind: "joists_feet",
    position: 1,
    joistSku: "BH-T-JOIST-ALU",
    supportSku: "BH-T-FOOT",
    fastenerSku: "BH-T-SCREW",
    edgeSku: "BH-T-EDGE-WOOD",
    names: t(
      "Alu-Unterkonstruktion auf Stellfüßen, Schrauben",
      "Aluminium joists on adjustable feet, screws",
      "Lambourdes alu sur pieds réglables, vis",
      "Magatelli in alluminio su piedini regolabili, viti",
      "Aluminium balken op verstelbare voeten, schroeven",
    ),
  },
];

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The substructure products, their prices and the systems, for the shops that sell decking
 * boards. `priceFactor`: the shop's price level against the German shop.
 */
export function terraceParts(
  shops: readonly ShopDefinition[],
  deckingShops: ReadonlySet<string>,
  priceFactor: (shopId: string) => number,
  now: Date,
): { products: ProductRecord[]; prices: PriceRecord[]; systems: TerraceSystemRecord[] } {
  const selling = shops.filter((shop) => deckingShops.has(shop.id));
  if (selling.length === 0) return { products: [], prices: [], systems: [] };
  const languages = [...new Set(selling.flatMap((shop) => shop.languages))] as Language[];
  const products = PARTS.map((part): ProductRecord => ({
    sku: part.sku,
    type: "simple",
    manufacturer: "silva-nova",
    category: part.category,
    categories: ["terrasse"],
    shops: selling.map((shop) => shop.id),
    unit: "PCS",
    packageContent: part.packageContent,
    shippingGroup: part.shipping,
    isDecking: true,
    deliveryDays: part.shipping === "freight" ? { min: 5, max: 9 } : { min: 2, max: 4 },
    stock: { quantity: 5000, notificationQuantity: 10 },
    terrace: part.terrace,
    content: Object.fromEntries(
      languages.map((lang) => {
        const description = `${part.title[lang]}: ${PART_DESCRIPTION[lang]}`;
        return [
          lang,
          {
            slug: `${slugify(part.title[lang])}-${part.sku.slice(5).toLowerCase()}`,
            title: part.title[lang],
            shortDescription: description,
            metaDescription: description,
          },
        ];
      }),
    ),
    media: [{ kind: "image", url: `/images/products/${part.sku}-1.jpg`, alt: part.title.de }],
  }));
  const prices = selling.flatMap((shop) =>
    PARTS.map((part): PriceRecord => {
      const packagePrice = round2(part.packagePrice * priceFactor(shop.id));
      return {
        sku: part.sku,
        shop: shop.id,
        currency: shop.currency,
        packagePrice,
        unitPrice: round2(packagePrice / part.packageContent),
        validFrom: now.toISOString(),
      };
    }),
  );
  return { products, prices, systems: SYSTEMS };
}
