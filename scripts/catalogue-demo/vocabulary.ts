/**
 * Words and phrases of the demo catalogue in every shop language. `at` (Austrian
 * German) is derived from German with the words that differ in Austria.
 */
import type { Language } from "@config/shop-config";
import type { UnitCode } from "@domain/units";

export type L = Record<Language, string>;

const AUSTRIAN: [RegExp, string][] = [
  [/Sockelleiste/g, "Sesselleiste"],
  [/sockelleiste/g, "sesselleiste"],
  [/Teppichboden/g, "Spannteppich"],
  [/Bodenbelag/g, "Fußboden"],
  [/Bodenbeläge/g, "Fußböden"],
  [/Lieferung/g, "Zustellung"],
  [/geliefert/g, "zugestellt"],
  [/liefern/g, "zustellen"],
  [/Januar/g, "Jänner"],
  [/Treppe/g, "Stiege"],
  [/Tüte/g, "Sackerl"],
  [/Werkzeug/g, "Werkzeug"],
  [/Rasenkante/g, "Rasenkante"],
  [/Gartenhaus/g, "Gartenhütte"],
  [/Abstellraum/g, "Abstellkammer"],
  [/schnell/g, "rasch"],
];

/** German to Austrian German: the words that differ. */
export function austrian(text: string): string {
  return AUSTRIAN.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** Translations in the order de, en, fr, it, nl; Austrian German follows German unless given. */
export function t(de: string, en: string, fr: string, it: string, nl: string, at?: string): L {
  return { de, en, fr, it, nl, at: at ?? austrian(de) };
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/²/g, "2")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// ---------------------------------------------------------------- worlds and categories

export interface SubcategoryDef {
  key: string;
  name: L;
  kinds: KindDef[];
}

export interface WorldDef {
  key: string;
  name: L;
  teaser: L;
  subcategories: SubcategoryDef[];
  features: L[];
  reviewTopic: L;
}

export interface KindDef {
  /** Product noun, e.g. Landhausdiele. */
  noun: L;
  decors: L[];
  finishes?: L[];
  /** Dimensions in the title: thickness in mm, or a size label. */
  sizes: string[];
  sizeSuffix?: string;
  unit: UnitCode;
  packageContents: number[];
  /** Price per unit (EUR, tax included), range. */
  unitPrice: [number, number];
  shipping: "parcel" | "freight";
  decking?: boolean;
  samples?: boolean;
  blend?: number;
  /** A decking board the terrace planner offers: its family (terrace.ts), width and the gap between boards; the length is its size in mm. */
  terraceBoard?: { family: "wpc" | "wood"; widthMm: number; gapMm: number };
  attributes: (size: string, rng: () => number) => { code: string; label: L; type: "text" | "number" | "boolean"; value: string }[];
}

const wood = [
  t("Eiche natur", "natural oak", "chêne naturel", "rovere naturale", "naturel eiken"),
  t("Eiche gekalkt", "limed oak", "chêne blanchi", "rovere sbiancato", "gekalkt eiken"),
  t("Eiche rauchgrau", "smoke grey oak", "chêne gris fumé", "rovere grigio fumo", "rookgrijs eiken"),
  t("Eiche rustikal", "rustic oak", "chêne rustique", "rovere rustico", "rustiek eiken"),
  t("Nussbaum amerikanisch", "American walnut", "noyer américain", "noce americano", "Amerikaans notenhout"),
  t("Esche weiß", "white ash", "frêne blanc", "frassino bianco", "wit essen"),
  t("Räuchereiche", "smoked oak", "chêne fumé", "rovere affumicato", "gerookt eiken"),
];
const woodFinishes = [
  t("geölt", "oiled", "huilé", "oliato", "geolied"),
  t("matt lackiert", "matt lacquered", "verni mat", "verniciato opaco", "mat gelakt"),
  t("gebürstet geölt", "brushed and oiled", "brossé huilé", "spazzolato oliato", "geborsteld geolied"),
  t("naturgeölt weiß", "white oiled", "huilé blanc", "oliato bianco", "wit geolied"),
];
const vinylDecors = [
  t("Eiche grau", "grey oak", "chêne gris", "rovere grigio", "grijs eiken"),
  t("Eiche hell", "light oak", "chêne clair", "rovere chiaro", "licht eiken"),
  t("Betonoptik anthrazit", "anthracite concrete look", "effet béton anthracite", "effetto cemento antracite", "betonlook antraciet"),
  t("Steinoptik Schiefer", "slate stone look", "effet ardoise", "effetto ardesia", "leisteenlook"),
  t("Pinie weiß", "white pine", "pin blanc", "pino bianco", "wit grenen"),
  t("Eiche Landhaus", "country oak", "chêne campagne", "rovere country", "landelijk eiken"),
];
const carpetColours = [
  t("anthrazit", "anthracite", "anthracite", "antracite", "antraciet"),
  t("beige", "beige", "beige", "beige", "beige"),
  t("taupe", "taupe", "taupe", "tortora", "taupe"),
  t("blaugrau", "blue grey", "gris bleu", "grigio blu", "blauwgrijs"),
  t("sand", "sand", "sable", "sabbia", "zand"),
  t("moosgrün", "moss green", "vert mousse", "verde muschio", "mosgroen"),
];
const wallPatterns = [
  t("Uni grau", "plain grey", "uni gris", "tinta unita grigio", "uni grijs"),
  t("Streifen beige", "beige stripes", "rayures beiges", "righe beige", "strepen beige"),
  t("Floral grün", "green floral", "floral vert", "floreale verde", "bloemen groen"),
  t("Betonoptik", "concrete look", "effet béton", "effetto cemento", "betonlook"),
  t("Holzoptik", "wood look", "effet bois", "effetto legno", "houtlook"),
  t("Grafik schwarz-weiß", "black and white graphic", "graphique noir et blanc", "grafica bianco e nero", "grafisch zwart-wit"),
];
const deckingWoods = [
  t("WPC graphit", "WPC graphite", "composite graphite", "WPC grafite", "composiet grafiet"),
  t("WPC steingrau", "WPC stone grey", "composite gris pierre", "WPC grigio pietra", "composiet steengrijs"),
  t("Bangkirai", "bangkirai", "bangkirai", "bangkirai", "bangkirai"),
  t("Lärche sibirisch", "Siberian larch", "mélèze de Sibérie", "larice siberiano", "Siberisch lariks"),
  t("Douglasie", "Douglas fir", "douglas", "douglas", "douglas"),
  t("Thermoesche", "thermo ash", "frêne thermo", "frassino termotrattato", "thermo-essen"),
];
const gardenMaterials = [
  t("Kiefer kesseldruckimprägniert", "pressure-treated pine", "pin autoclave", "pino impregnato", "geïmpregneerd grenen"),
  t("WPC anthrazit", "WPC anthracite", "composite anthracite", "WPC antracite", "composiet antraciet"),
  t("Cortenstahl", "corten steel", "acier corten", "acciaio corten", "cortenstaal"),
  t("Aluminium silber", "silver aluminium", "aluminium argent", "alluminio argento", "aluminium zilver"),
];
const none = [t("", "", "", "", "")];

const thickness = (label: L) => (size: string) => [{ code: "thickness_mm", label, type: "number" as const, value: size }];
const THICKNESS = t("Stärke (mm)", "Thickness (mm)", "Épaisseur (mm)", "Spessore (mm)", "Dikte (mm)");
const WEAR = t("Nutzungsklasse", "Wear class", "Classe d'usage", "Classe d'uso", "Gebruiksklasse");
const HEATING = t(
  "Fußbodenheizung geeignet",
  "Suitable for underfloor heating",
  "Compatible chauffage au sol",
  "Adatto al riscaldamento a pavimento",
  "Geschikt voor vloerverwarming",
);
const LENGTH = t("Länge (mm)", "Length (mm)", "Longueur (mm)", "Lunghezza (mm)", "Lengte (mm)");
const WIDTH = t("Breite (mm)", "Width (mm)", "Largeur (mm)", "Larghezza (mm)", "Breedte (mm)");
const CONTENTS = t("Inhalt", "Contents", "Contenu", "Contenuto", "Inhoud");
const floorAttributes = (wear?: string) => (size: string, rng: () => number) => [
  ...thickness(THICKNESS)(size),
  { code: "length_mm", label: LENGTH, type: "number" as const, value: String([1200, 1220, 1380, 1860, 2200][Math.floor(rng() * 5)]) },
  { code: "width_mm", label: WIDTH, type: "number" as const, value: String([180, 190, 210, 229, 240][Math.floor(rng() * 5)]) },
  ...(wear ? [{ code: "wear_class", label: WEAR, type: "text" as const, value: wear }] : []),
  { code: "underfloor_heating", label: HEATING, type: "boolean" as const, value: rng() < 0.8 ? "true" : "false" },
];

export const WORLDS: WorldDef[] = [
  {
    key: "parkett",
    name: t("Parkett", "Parquet", "Parquet", "Parquet", "Parket"),
    teaser: t(
      "Echtholzböden für jeden Raum",
      "Real wood floors for every room",
      "Des sols en bois véritable pour chaque pièce",
      "Pavimenti in vero legno per ogni ambiente",
      "Echte houten vloeren voor elke ruimte",
    ),
    reviewTopic: t("das Parkett", "the parquet", "le parquet", "il parquet", "het parket"),
    features: [
      t(
        "Echtholz-Nutzschicht 3,5 mm",
        "3.5 mm real wood wear layer",
        "Couche d'usure en bois véritable 3,5 mm",
        "Strato nobile in vero legno 3,5 mm",
        "Toplaag van echt hout 3,5 mm",
      ),
      t("Mehrfach abschleifbar", "Can be sanded several times", "Ponçable plusieurs fois", "Levigabile più volte", "Meerdere keren schuurbaar"),
      t(
        "Klick-Verbindung für schwimmende Verlegung",
        "Click joint for floating installation",
        "Système clic pour pose flottante",
        "Incastro a click per posa flottante",
        "Kliksysteem voor zwevende plaatsing",
      ),
      t(
        "Für Fußbodenheizung geeignet",
        "Suitable for underfloor heating",
        "Compatible avec le chauffage au sol",
        "Adatto al riscaldamento a pavimento",
        "Geschikt voor vloerverwarming",
      ),
      t("FSC®-zertifiziertes Holz", "FSC® certified wood", "Bois certifié FSC®", "Legno certificato FSC®", "FSC®-gecertificeerd hout"),
    ],
    subcategories: [
      {
        key: "landhausdielen",
        name: t("Landhausdielen", "Plank flooring", "Parquet grandes lames", "Plance maxi", "Landhuisplanken"),
        kinds: [
          {
            noun: t("Landhausdiele", "Plank", "Parquet lame", "Plancia", "Landhuisplank"),
            decors: wood,
            finishes: woodFinishes,
            sizes: ["14", "15", "20"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [1.9, 2.2, 2.54, 2.98],
            unitPrice: [39, 99],
            shipping: "freight",
            samples: true,
            blend: 10,
            attributes: floorAttributes(),
          },
        ],
      },
      {
        key: "schiffsboden",
        name: t("Schiffsboden", "3-strip parquet", "Parquet 3 frises", "Parquet a tre listelli", "Scheepsvloer"),
        kinds: [
          {
            noun: t("Schiffsboden", "3-strip parquet", "Parquet 3 frises", "Parquet a 3 listelli", "Scheepsvloer"),
            decors: wood,
            finishes: woodFinishes,
            sizes: ["13", "14"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [2.39, 3.13],
            unitPrice: [29, 59],
            shipping: "freight",
            samples: true,
            blend: 8,
            attributes: floorAttributes(),
          },
        ],
      },
      {
        key: "fischgraet",
        name: t("Fischgrätparkett", "Herringbone parquet", "Parquet point de Hongrie", "Parquet a spina di pesce", "Visgraatparket"),
        kinds: [
          {
            noun: t("Fischgrätparkett", "Herringbone parquet", "Parquet bâton rompu", "Parquet a spina di pesce", "Visgraatparket"),
            decors: wood,
            finishes: woodFinishes,
            sizes: ["10", "14"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [0.86, 1.3],
            unitPrice: [49, 119],
            shipping: "parcel",
            samples: true,
            blend: 12,
            attributes: floorAttributes(),
          },
        ],
      },
      {
        key: "massivholzdielen",
        name: t("Massivholzdielen", "Solid wood planks", "Lames en bois massif", "Tavole in legno massello", "Massief houten planken"),
        kinds: [
          {
            noun: t("Massivholzdiele", "Solid wood plank", "Lame bois massif", "Tavola in massello", "Massief houten plank"),
            decors: wood,
            finishes: woodFinishes,
            sizes: ["20", "21"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [1.5, 1.8],
            unitPrice: [69, 139],
            shipping: "freight",
            samples: true,
            blend: 10,
            attributes: floorAttributes(),
          },
        ],
      },
    ],
  },
  {
    key: "vinyl",
    name: t("Vinylboden", "Vinyl flooring", "Sol vinyle", "Pavimenti in vinile", "Vinylvloer"),
    teaser: t(
      "Pflegeleicht, leise und wasserfest",
      "Easy to clean, quiet and waterproof",
      "Facile d'entretien, silencieux et étanche",
      "Facile da pulire, silenzioso e impermeabile",
      "Onderhoudsvriendelijk, stil en waterbestendig",
    ),
    reviewTopic: t("der Vinylboden", "the vinyl floor", "le sol vinyle", "il pavimento in vinile", "de vinylvloer"),
    features: [
      t("100 % wasserfest", "100% waterproof", "100 % étanche", "100% impermeabile", "100% waterbestendig"),
      t(
        "Integrierte Trittschalldämmung",
        "Integrated impact sound insulation",
        "Sous-couche acoustique intégrée",
        "Materassino fonoassorbente integrato",
        "Geïntegreerde ondervloer",
      ),
      t(
        "Für Bad und Küche geeignet",
        "Suitable for bathroom and kitchen",
        "Convient aux salles de bains et cuisines",
        "Adatto a bagno e cucina",
        "Geschikt voor badkamer en keuken",
      ),
      t("Fußwarm und leise", "Warm underfoot and quiet", "Chaud et silencieux", "Caldo e silenzioso", "Voetwarm en stil"),
      t("Phthalatfrei", "Phthalate-free", "Sans phtalates", "Senza ftalati", "Ftalaatvrij"),
    ],
    subcategories: [
      {
        key: "klick-vinyl",
        name: t("Klick-Vinyl", "Click vinyl", "Vinyle clipsable", "Vinile a click", "Klik-vinyl"),
        kinds: [
          {
            noun: t("Klick-Vinyl", "Click vinyl", "Vinyle clipsable", "Vinile a click", "Klik-vinyl"),
            decors: vinylDecors,
            sizes: ["4", "5", "6"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [1.76, 2.09, 2.2],
            unitPrice: [24, 49],
            shipping: "parcel",
            samples: true,
            blend: 8,
            attributes: floorAttributes("23/33"),
          },
        ],
      },
      {
        key: "klebevinyl",
        name: t("Klebevinyl", "Glue-down vinyl", "Vinyle à coller", "Vinile da incollare", "Plak-pvc"),
        kinds: [
          {
            noun: t("Klebevinyl", "Glue-down vinyl", "Vinyle à coller", "Vinile da incollare", "Plak-pvc"),
            decors: vinylDecors,
            sizes: ["2", "2.5"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [3.34, 4.18],
            unitPrice: [17, 35],
            shipping: "parcel",
            samples: true,
            blend: 6,
            attributes: floorAttributes("23/42"),
          },
        ],
      },
      {
        key: "rigid-vinyl",
        name: t("Rigid-Vinyl", "Rigid core vinyl", "Vinyle rigide", "Vinile rigido SPC", "Rigid vinyl"),
        kinds: [
          {
            noun: t("Rigid-Vinyl", "Rigid core vinyl", "Vinyle rigide", "Vinile SPC", "Rigid vinyl"),
            decors: vinylDecors,
            sizes: ["5", "6.5"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [2.2, 2.6],
            unitPrice: [29, 55],
            shipping: "parcel",
            samples: true,
            blend: 8,
            attributes: floorAttributes("23/33"),
          },
        ],
      },
    ],
  },
  {
    key: "laminat",
    name: t("Laminat", "Laminate", "Stratifié", "Laminato", "Laminaat"),
    teaser: t(
      "Robuster Bodenbelag zum kleinen Preis",
      "Hard-wearing floors at a small price",
      "Un revêtement robuste à petit prix",
      "Pavimento resistente a piccolo prezzo",
      "Robuuste vloer voor een kleine prijs",
    ),
    reviewTopic: t("das Laminat", "the laminate", "le stratifié", "il laminato", "het laminaat"),
    features: [
      t("Kratzfeste Oberfläche", "Scratch-resistant surface", "Surface résistante aux rayures", "Superficie antigraffio", "Krasbestendig oppervlak"),
      t("Einfache Klick-Verlegung", "Easy click installation", "Pose clic facile", "Posa a click semplice", "Eenvoudige klikplaatsing"),
      t(
        "Synchronpore für echte Holzhaptik",
        "Embossed in register for a real wood feel",
        "Pores synchronisés au toucher bois",
        "Poro sincronizzato effetto legno",
        "Synchrone structuur voor een echte houtlook",
      ),
      t("Feuchtraumgeeignet", "Suitable for damp rooms", "Adapté aux pièces humides", "Adatto ad ambienti umidi", "Geschikt voor vochtige ruimtes"),
    ],
    subcategories: [
      {
        key: "landhausdielen",
        name: t("Laminat Landhausdielen", "Laminate planks", "Stratifié grandes lames", "Laminato plance", "Laminaat landhuisplanken"),
        kinds: [
          {
            noun: t("Laminat", "Laminate", "Stratifié", "Laminato", "Laminaat"),
            decors: vinylDecors,
            sizes: ["7", "8", "10", "12"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [1.99, 2.22, 2.4],
            unitPrice: [9, 29],
            shipping: "parcel",
            samples: true,
            blend: 8,
            attributes: floorAttributes("AC4"),
          },
        ],
      },
      {
        key: "fliesenoptik",
        name: t("Laminat Fliesenoptik", "Tile look laminate", "Stratifié effet carrelage", "Laminato effetto piastrella", "Laminaat tegellook"),
        kinds: [
          {
            noun: t("Laminat Fliesenoptik", "Tile look laminate", "Stratifié effet carrelage", "Laminato effetto piastrella", "Laminaat tegellook"),
            decors: vinylDecors.slice(2, 4),
            sizes: ["8", "10"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [1.72, 2.12],
            unitPrice: [14, 32],
            shipping: "parcel",
            samples: true,
            blend: 10,
            attributes: floorAttributes("AC5"),
          },
        ],
      },
      {
        key: "wasserfest",
        name: t("Wasserfestes Laminat", "Waterproof laminate", "Stratifié hydrofuge", "Laminato idrorepellente", "Waterbestendig laminaat"),
        kinds: [
          {
            noun: t("Aqua-Laminat", "Aqua laminate", "Stratifié aqua", "Laminato aqua", "Aqua-laminaat"),
            decors: vinylDecors,
            sizes: ["8", "12"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [1.99, 2.13],
            unitPrice: [19, 39],
            shipping: "parcel",
            samples: true,
            blend: 8,
            attributes: floorAttributes("AC5"),
          },
        ],
      },
    ],
  },
  {
    key: "teppichboden",
    name: t("Teppichboden", "Carpet", "Moquette", "Moquette", "Tapijt"),
    teaser: t("Weich, warm und wohnlich", "Soft, warm and cosy", "Doux, chaud et chaleureux", "Morbida, calda e accogliente", "Zacht, warm en gezellig"),
    reviewTopic: t("der Teppichboden", "the carpet", "la moquette", "la moquette", "het tapijt"),
    features: [
      t(
        "Für Allergiker geeignet",
        "Suitable for allergy sufferers",
        "Convient aux allergiques",
        "Adatto agli allergici",
        "Geschikt voor mensen met allergieën",
      ),
      t("Trittschall mindernd", "Reduces impact sound", "Réduit les bruits d'impact", "Riduce il rumore da calpestio", "Dempt contactgeluid"),
      t("Fleckschutz-Ausrüstung", "Stain protection", "Traitement anti-taches", "Trattamento antimacchia", "Vlekbescherming"),
      t("Zuschnitt nach Maß", "Cut to size", "Découpe sur mesure", "Taglio su misura", "Op maat gesneden"),
    ],
    subcategories: [
      {
        key: "velours",
        name: t("Velours", "Velour carpet", "Moquette velours", "Moquette velluto", "Velours tapijt"),
        kinds: [
          {
            noun: t("Teppichboden Velours", "Velour carpet", "Moquette velours", "Moquette velluto", "Tapijt velours"),
            decors: carpetColours,
            sizes: ["400", "500"],
            sizeSuffix: "cm",
            unit: "SQM",
            packageContents: [1],
            unitPrice: [12, 39],
            shipping: "freight",
            samples: true,
            attributes: (size) => [{ code: "roll_width_cm", label: WIDTH, type: "number", value: size }],
          },
        ],
      },
      {
        key: "schlinge",
        name: t("Schlingenware", "Loop pile carpet", "Moquette bouclée", "Moquette bouclé", "Lussenpool tapijt"),
        kinds: [
          {
            noun: t("Teppichboden Schlinge", "Loop pile carpet", "Moquette bouclée", "Moquette bouclé", "Tapijt lussenpool"),
            decors: carpetColours,
            sizes: ["400", "500"],
            sizeSuffix: "cm",
            unit: "SQM",
            packageContents: [1],
            unitPrice: [9, 29],
            shipping: "freight",
            samples: true,
            attributes: (size) => [{ code: "roll_width_cm", label: WIDTH, type: "number", value: size }],
          },
        ],
      },
      {
        key: "teppichfliesen",
        name: t("Teppichfliesen", "Carpet tiles", "Dalles de moquette", "Quadrotte in moquette", "Tapijttegels"),
        kinds: [
          {
            noun: t("Teppichfliese", "Carpet tile", "Dalle de moquette", "Quadrotta in moquette", "Tapijttegel"),
            decors: carpetColours,
            sizes: ["50x50"],
            sizeSuffix: "cm",
            unit: "SQM",
            packageContents: [5],
            unitPrice: [15, 34],
            shipping: "parcel",
            samples: true,
            blend: 5,
            attributes: () => [],
          },
        ],
      },
    ],
  },
  {
    key: "wandverkleidung",
    name: t("Wandverkleidung", "Wall coverings", "Revêtements muraux", "Rivestimenti murali", "Wandbekleding"),
    teaser: t(
      "Tapeten und Paneele für schöne Wände",
      "Wallpapers and panels for beautiful walls",
      "Papiers peints et panneaux pour de beaux murs",
      "Carte da parati e pannelli per pareti belle",
      "Behang en panelen voor mooie wanden",
    ),
    reviewTopic: t("die Wandverkleidung", "the wall covering", "le revêtement mural", "il rivestimento", "de wandbekleding"),
    features: [
      t("Trocken abziehbar", "Strippable when dry", "Arrachable à sec", "Rimovibile a secco", "Droog afneembaar"),
      t("Wandklebetechnik", "Paste-the-wall technique", "Technique d'encollage du mur", "Colla sulla parete", "Muurplaktechniek"),
      t("Lichtbeständig", "Lightfast", "Résistant à la lumière", "Resistente alla luce", "Lichtecht"),
      t("Scheuerbeständig", "Scrubbable", "Lessivable", "Lavabile", "Schrobvast"),
    ],
    subcategories: [
      {
        key: "vliestapeten",
        name: t("Vliestapeten", "Non-woven wallpaper", "Papiers peints intissés", "Carte da parati in TNT", "Vliesbehang"),
        kinds: [
          {
            noun: t("Vliestapete", "Non-woven wallpaper", "Papier peint intissé", "Carta da parati in TNT", "Vliesbehang"),
            decors: wallPatterns,
            sizes: ["10,05 x 0,53"],
            sizeSuffix: "m",
            unit: "ROLL",
            packageContents: [1],
            unitPrice: [19, 59],
            shipping: "parcel",
            samples: true,
            attributes: () => [{ code: "roll_size", label: CONTENTS, type: "text", value: "10.05 m x 0.53 m (5.33 m²)" }],
          },
        ],
      },
      {
        key: "wandpaneele",
        name: t("Wandpaneele", "Wall panels", "Panneaux muraux", "Pannelli murali", "Wandpanelen"),
        kinds: [
          {
            noun: t("Wandpaneel", "Wall panel", "Panneau mural", "Pannello murale", "Wandpaneel"),
            decors: wood.slice(0, 4),
            sizes: ["10", "12"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [2.08, 2.6],
            unitPrice: [19, 45],
            shipping: "parcel",
            samples: true,
            attributes: thickness(THICKNESS),
          },
        ],
      },
      {
        key: "akustikpaneele",
        name: t("Akustikpaneele", "Acoustic panels", "Panneaux acoustiques", "Pannelli fonoassorbenti", "Akoestische panelen"),
        kinds: [
          {
            noun: t("Akustikpaneel", "Acoustic panel", "Panneau acoustique", "Pannello acustico", "Akoestisch paneel"),
            decors: wood.slice(0, 5),
            sizes: ["2400 x 600", "2700 x 600"],
            sizeSuffix: "mm",
            unit: "PCS",
            packageContents: [1],
            unitPrice: [69, 149],
            shipping: "parcel",
            samples: false,
            attributes: () => [],
          },
        ],
      },
    ],
  },
  {
    key: "terrasse",
    name: t("Terrasse", "Decking", "Terrasse", "Terrazza", "Terras"),
    teaser: t(
      "Terrassendielen aus Holz und WPC",
      "Wood and WPC decking boards",
      "Lames de terrasse en bois et composite",
      "Doghe per terrazze in legno e WPC",
      "Vlonderplanken van hout en composiet",
    ),
    reviewTopic: t("die Terrassendiele", "the decking", "la lame de terrasse", "la doga", "de vlonderplank"),
    features: [
      t("Splitterfrei", "Splinter-free", "Sans échardes", "Senza schegge", "Splintervrij"),
      t("Rutschhemmende Oberfläche", "Slip-resistant surface", "Surface antidérapante", "Superficie antiscivolo", "Antislip oppervlak"),
      t(
        "Verdeckte Montage mit Clips",
        "Hidden fixing with clips",
        "Fixation invisible par clips",
        "Montaggio a scomparsa con clip",
        "Onzichtbare montage met clips",
      ),
      t("Witterungsbeständig", "Weather-resistant", "Résistant aux intempéries", "Resistente agli agenti atmosferici", "Weerbestendig"),
    ],
    subcategories: [
      {
        key: "wpc-dielen",
        name: t("WPC-Terrassendielen", "WPC decking", "Lames de terrasse composite", "Doghe in WPC", "Composiet vlonderplanken"),
        kinds: [
          {
            noun: t("Terrassendiele", "Decking board", "Lame de terrasse", "Doga per terrazza", "Vlonderplank"),
            decors: deckingWoods.slice(0, 2),
            sizes: ["4000", "4800"],
            sizeSuffix: "mm",
            unit: "PCS",
            packageContents: [1],
            unitPrice: [24, 69],
            shipping: "freight",
            decking: true,
            samples: true,
            terraceBoard: { family: "wpc", widthMm: 145, gapMm: 5 },
            attributes: (size) => [
              { code: "length_mm", label: LENGTH, type: "number", value: size },
              { code: "thickness_mm", label: THICKNESS, type: "number", value: "21" },
            ],
          },
        ],
      },
      {
        key: "holzdielen",
        name: t("Holz-Terrassendielen", "Wooden decking", "Lames de terrasse en bois", "Doghe in legno", "Houten vlonderplanken"),
        kinds: [
          {
            noun: t("Terrassendiele", "Decking board", "Lame de terrasse", "Doga per terrazza", "Vlonderplank"),
            decors: deckingWoods.slice(2),
            sizes: ["3050", "3960"],
            sizeSuffix: "mm",
            unit: "PCS",
            packageContents: [1],
            unitPrice: [12, 49],
            shipping: "freight",
            decking: true,
            samples: true,
            terraceBoard: { family: "wood", widthMm: 145, gapMm: 7 },
            attributes: (size) => [{ code: "length_mm", label: LENGTH, type: "number", value: size }],
          },
        ],
      },
      {
        key: "unterkonstruktion",
        name: t("Unterkonstruktion", "Substructure", "Lambourdes", "Sottostruttura", "Onderconstructie"),
        kinds: [
          {
            noun: t("Unterkonstruktion Alu", "Aluminium joist", "Lambourde alu", "Magatello in alluminio", "Aluminium balk"),
            decors: none,
            sizes: ["4000"],
            sizeSuffix: "mm",
            unit: "LFM",
            packageContents: [4],
            unitPrice: [6, 14],
            shipping: "freight",
            decking: true,
            attributes: () => [],
          },
        ],
      },
      {
        key: "terrassenzubehoer",
        name: t("Terrassenzubehör", "Decking accessories", "Accessoires de terrasse", "Accessori per terrazze", "Terrasaccessoires"),
        kinds: [
          {
            noun: t("Montageclips Edelstahl", "Stainless steel fixing clips", "Clips de fixation inox", "Clip di montaggio inox", "RVS montageclips"),
            decors: none,
            sizes: ["100", "200"],
            sizeSuffix: "Stk.",
            unit: "PACKAGE",
            packageContents: [1],
            unitPrice: [19, 49],
            shipping: "parcel",
            attributes: () => [],
          },
        ],
      },
    ],
  },
  {
    key: "garten",
    name: t("Garten", "Garden", "Jardin", "Giardino", "Tuin"),
    teaser: t(
      "Sichtschutz, Zäune und Gartenideen",
      "Privacy screens, fences and garden ideas",
      "Brise-vue, clôtures et idées jardin",
      "Frangivista, recinzioni e idee per il giardino",
      "Privacyschermen, hekken en tuinideeën",
    ),
    reviewTopic: t("der Sichtschutz", "the privacy screen", "le brise-vue", "il frangivista", "het privacyscherm"),
    features: [
      t("Wetterfest", "Weatherproof", "Résistant aux intempéries", "Resistente alle intemperie", "Weerbestendig"),
      t("Einfache Montage", "Easy to assemble", "Montage facile", "Montaggio facile", "Eenvoudige montage"),
      t("Pflegeleicht", "Low maintenance", "Entretien facile", "Facile manutenzione", "Onderhoudsvriendelijk"),
    ],
    subcategories: [
      {
        key: "sichtschutz",
        name: t("Sichtschutz", "Privacy screens", "Brise-vue", "Frangivista", "Privacyschermen"),
        kinds: [
          {
            noun: t("Sichtschutzzaun", "Privacy fence panel", "Panneau brise-vue", "Pannello frangivista", "Schuttingscherm"),
            decors: gardenMaterials,
            sizes: ["180 x 180", "90 x 180"],
            sizeSuffix: "cm",
            unit: "PCS",
            packageContents: [1],
            unitPrice: [49, 189],
            shipping: "freight",
            attributes: () => [],
          },
        ],
      },
      {
        key: "rasenkanten",
        name: t("Rasenkanten", "Lawn edging", "Bordures de jardin", "Bordure per prato", "Graskanten"),
        kinds: [
          {
            noun: t("Rasenkante", "Lawn edging", "Bordure de jardin", "Bordura per prato", "Graskant"),
            decors: gardenMaterials.slice(2),
            sizes: ["100", "130"],
            sizeSuffix: "mm",
            unit: "LFM",
            packageContents: [1, 5],
            unitPrice: [6, 19],
            shipping: "parcel",
            attributes: () => [],
          },
        ],
      },
      {
        key: "pflanzkuebel",
        name: t("Pflanzkübel", "Planters", "Bacs à plantes", "Fioriere", "Plantenbakken"),
        kinds: [
          {
            noun: t("Pflanzkübel", "Planter", "Bac à plantes", "Fioriera", "Plantenbak"),
            decors: gardenMaterials,
            sizes: ["40 x 40", "80 x 40"],
            sizeSuffix: "cm",
            unit: "PCS",
            packageContents: [1],
            unitPrice: [39, 149],
            shipping: "parcel",
            attributes: () => [],
          },
        ],
      },
    ],
  },
  {
    key: "baustoffe",
    name: t("Baustoffe & Zubehör", "Building materials & accessories", "Matériaux & accessoires", "Materiali & accessori", "Bouwmaterialen & toebehoren"),
    teaser: t("Alles für die Verlegung", "Everything for the installation", "Tout pour la pose", "Tutto per la posa", "Alles voor het leggen"),
    reviewTopic: t("das Produkt", "the product", "le produit", "il prodotto", "het product"),
    features: [
      t("Lösemittelfrei", "Solvent-free", "Sans solvant", "Senza solventi", "Oplosmiddelvrij"),
      t(
        "Emissionsarm (EMICODE EC1)",
        "Low emission (EMICODE EC1)",
        "Faibles émissions (EMICODE EC1)",
        "A basse emissioni (EMICODE EC1)",
        "Emissiearm (EMICODE EC1)",
      ),
      t("Profi-Qualität", "Professional quality", "Qualité professionnelle", "Qualità professionale", "Professionele kwaliteit"),
    ],
    subcategories: [
      {
        key: "kleber",
        name: t("Kleber & Spachtelmasse", "Adhesives & levelling", "Colles & ragréages", "Colle & livellanti", "Lijm & egaliseermiddel"),
        kinds: [
          {
            noun: t("Parkettkleber", "Parquet adhesive", "Colle parquet", "Colla per parquet", "Parketlijm"),
            decors: none,
            sizes: ["16", "7"],
            sizeSuffix: "kg",
            unit: "KG",
            packageContents: [16, 7],
            unitPrice: [3.5, 9],
            shipping: "parcel",
            attributes: () => [],
          },
          {
            noun: t("Ausgleichsmasse", "Levelling compound", "Ragréage autolissant", "Autolivellante", "Egaliseermiddel"),
            decors: none,
            sizes: ["25"],
            sizeSuffix: "kg",
            unit: "KG",
            packageContents: [25],
            unitPrice: [1.2, 2.8],
            shipping: "parcel",
            attributes: () => [],
          },
        ],
      },
      {
        key: "pflege",
        name: t("Pflege & Öle", "Care & oils", "Entretien & huiles", "Cura & oli", "Onderhoud & oliën"),
        kinds: [
          {
            noun: t("Hartwachsöl", "Hardwax oil", "Huile-cire dure", "Olio cera dura", "Hardwasolie"),
            decors: [t("farblos", "clear", "incolore", "incolore", "kleurloos"), t("weiß", "white", "blanc", "bianco", "wit")],
            sizes: ["0,75", "2,5"],
            sizeSuffix: "l",
            unit: "L",
            packageContents: [0.75, 2.5],
            unitPrice: [24, 49],
            shipping: "parcel",
            attributes: () => [],
          },
        ],
      },
      {
        key: "sockelleisten",
        name: t("Sockelleisten", "Skirting boards", "Plinthes", "Battiscopa", "Plinten"),
        kinds: [
          {
            noun: t("Sockelleiste", "Skirting board", "Plinthe", "Battiscopa", "Plint"),
            decors: wood.slice(0, 5),
            sizes: ["40", "60", "80"],
            sizeSuffix: "mm",
            unit: "LFM",
            packageContents: [2.4, 2.5],
            unitPrice: [3, 12],
            shipping: "parcel",
            attributes: (size) => [
              { code: "height_mm", label: t("Höhe (mm)", "Height (mm)", "Hauteur (mm)", "Altezza (mm)", "Hoogte (mm)"), type: "number", value: size },
            ],
          },
        ],
      },
      {
        key: "daemmung",
        name: t("Trittschalldämmung", "Underlay", "Sous-couches", "Materassini", "Ondervloeren"),
        kinds: [
          {
            noun: t("Trittschalldämmung", "Underlay", "Sous-couche", "Materassino", "Ondervloer"),
            decors: none,
            sizes: ["2", "3"],
            sizeSuffix: "mm",
            unit: "SQM",
            packageContents: [10, 15],
            unitPrice: [1.5, 6],
            shipping: "parcel",
            attributes: thickness(THICKNESS),
          },
          {
            noun: t("Silikon Fugendicht", "Sealing silicone", "Silicone d'étanchéité", "Silicone sigillante", "Afdichtingssiliconen"),
            decors: [t("transparent", "clear", "transparent", "trasparente", "transparant"), t("weiß", "white", "blanc", "bianco", "wit")],
            sizes: ["310"],
            sizeSuffix: "ml",
            unit: "TUBE",
            packageContents: [1],
            unitPrice: [6, 14],
            shipping: "parcel",
            attributes: () => [],
          },
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------- manufacturers

export const MANUFACTURER_NAMES: { name: string; worlds: string[] }[] = [
  { name: "Holzwerk Alpen", worlds: ["parkett", "wandverkleidung"] },
  { name: "Nordic Floors", worlds: ["parkett", "laminat"] },
  { name: "Parkettmanufaktur Weiß", worlds: ["parkett"] },
  { name: "Silva Nova", worlds: ["parkett", "terrasse"] },
  { name: "Rovere Bello", worlds: ["parkett"] },
  { name: "Chêne & Fils", worlds: ["parkett"] },
  { name: "Vinylux", worlds: ["vinyl"] },
  { name: "FlexiClick", worlds: ["vinyl", "laminat"] },
  { name: "Aquastep Flooring", worlds: ["vinyl"] },
  { name: "Stonelook", worlds: ["vinyl", "laminat"] },
  { name: "Lamina Pro", worlds: ["laminat"] },
  { name: "Dutch Floor Company", worlds: ["laminat", "vinyl"] },
  { name: "Teppichwerk Nord", worlds: ["teppichboden"] },
  { name: "Tessuto", worlds: ["teppichboden"] },
  { name: "Softline Carpets", worlds: ["teppichboden"] },
  { name: "Murales", worlds: ["wandverkleidung"] },
  { name: "Wandkunst", worlds: ["wandverkleidung"] },
  { name: "Decora Living", worlds: ["wandverkleidung", "garten"] },
  { name: "Terrana", worlds: ["terrasse"] },
  { name: "Deckwood", worlds: ["terrasse"] },
  { name: "GartenForm", worlds: ["garten"] },
  { name: "Casa Verde", worlds: ["garten"] },
  { name: "BauChem", worlds: ["baustoffe"] },
  { name: "Klebetec", worlds: ["baustoffe"] },
  { name: "Leistenprofi", worlds: ["baustoffe"] },
  { name: "Oleum Naturale", worlds: ["baustoffe"] },
  { name: "Dielenmanufaktur", worlds: ["parkett", "vinyl", "laminat", "terrasse", "baustoffe"] },
];
export const OWN_BRAND = "Dielenmanufaktur";

export const MANUFACTURER_TEXT = {
  short: t(
    "Qualität aus Leidenschaft seit {year}",
    "Quality with passion since {year}",
    "La qualité avec passion depuis {year}",
    "Qualità con passione dal {year}",
    "Kwaliteit met passie sinds {year}",
  ),
  long: t(
    "{name} steht seit {year} für langlebige Bodenbeläge und durchdachte Details. Alle Produkte werden streng geprüft und sind bei uns schnell lieferbar.",
    "Since {year}, {name} has stood for durable floors and well thought-out details. Every product is strictly tested and ships quickly from us.",
    "Depuis {year}, {name} est synonyme de revêtements durables et de finitions soignées. Chaque produit est rigoureusement contrôlé et livré rapidement.",
    "Dal {year} {name} è sinonimo di pavimenti durevoli e dettagli curati. Ogni prodotto è rigorosamente controllato e spedito rapidamente.",
    "Sinds {year} staat {name} voor duurzame vloeren en doordachte details. Elk product wordt streng gecontroleerd en snel geleverd.",
  ),
};

// ---------------------------------------------------------------- product texts

export const TEXT = {
  subtitle: t("von {manufacturer}", "by {manufacturer}", "de {manufacturer}", "di {manufacturer}", "van {manufacturer}"),
  short: t(
    "{title}: {feature}. Inhalt pro Paket: {content}.",
    "{title}: {feature}. Contents per package: {content}.",
    "{title} : {feature}. Contenu par colis : {content}.",
    "{title}: {feature}. Contenuto per confezione: {content}.",
    "{title}: {feature}. Inhoud per pak: {content}.",
  ),
  description: t(
    "<p>Mit {title} holen Sie sich einen hochwertigen Bodenbelag von {manufacturer} ins Haus. {teaser}.</p><p>Die Lieferung erfolgt in {min}–{max} Werktagen. Bestellen Sie vorab kostenlose Muster und prüfen Sie Farbe und Oberfläche zu Hause.</p>",
    "<p>With {title} you get a high-quality product from {manufacturer}. {teaser}.</p><p>Delivery takes {min}–{max} working days. Order free samples first and check colour and surface at home.</p>",
    "<p>Avec {title}, vous choisissez un produit de qualité signé {manufacturer}. {teaser}.</p><p>Livraison en {min} à {max} jours ouvrés. Commandez d'abord des échantillons gratuits pour juger la couleur chez vous.</p>",
    "<p>Con {title} scegli un prodotto di qualità di {manufacturer}. {teaser}.</p><p>Consegna in {min}–{max} giorni lavorativi. Ordina prima i campioni gratuiti e valuta colore e superficie a casa.</p>",
    "<p>Met {title} haalt u een hoogwaardig product van {manufacturer} in huis. {teaser}.</p><p>Levering binnen {min}–{max} werkdagen. Bestel eerst gratis stalen en bekijk kleur en oppervlak thuis.</p>",
  ),
  lowStock: t(
    "Nur noch wenige Pakete verfügbar",
    "Only a few packages left",
    "Plus que quelques colis disponibles",
    "Solo poche confezioni disponibili",
    "Nog maar enkele pakken beschikbaar",
  ),
  measurement: t(
    "Inhalt pro Paket: {content}",
    "Contents per package: {content}",
    "Contenu par colis : {content}",
    "Contenuto per confezione: {content}",
    "Inhoud per pak: {content}",
  ),
  metaTitle: t("{title} günstig kaufen", "Buy {title} online", "Acheter {title} en ligne", "Acquista {title} online", "{title} voordelig kopen"),
  metaDescription: t(
    "{title} von {manufacturer} ✓ Kostenlose Muster ✓ Schnelle Lieferung ✓ 30 Tage Rückgaberecht",
    "{title} by {manufacturer} ✓ Free samples ✓ Fast delivery ✓ 30-day returns",
    "{title} de {manufacturer} ✓ Échantillons gratuits ✓ Livraison rapide ✓ Retour sous 30 jours",
    "{title} di {manufacturer} ✓ Campioni gratuiti ✓ Consegna rapida ✓ Reso entro 30 giorni",
    "{title} van {manufacturer} ✓ Gratis stalen ✓ Snelle levering ✓ 30 dagen retour",
  ),
  datasheet: t("Technisches Datenblatt", "Technical data sheet", "Fiche technique", "Scheda tecnica", "Technisch datablad"),
  datasheetFile: t("datenblatt", "data-sheet", "fiche-technique", "scheda-tecnica", "datablad"),
  guide: t("Verlegeanleitung", "Installation guide", "Notice de pose", "Istruzioni di posa", "Leginstructies"),
  guideFile: t("verlegeanleitung", "installation-guide", "notice-de-pose", "istruzioni-di-posa", "leginstructies"),
  tutorialVideo: t(
    "So verlegen Sie {noun} Schritt für Schritt",
    "How to install {noun} step by step",
    "Poser {noun} étape par étape",
    "Come posare {noun} passo dopo passo",
    "Zo legt u {noun} stap voor stap",
  ),
  tutorialText: t(
    "Pflegetipps für {noun}",
    "Care tips for {noun}",
    "Conseils d'entretien pour {noun}",
    "Consigli per la cura di {noun}",
    "Onderhoudstips voor {noun}",
  ),
  tutorialTextBody: t(
    "Regelmäßig trocken wischen, nur nebelfeucht reinigen und Filzgleiter unter Möbel kleben.",
    "Sweep regularly, clean only with a well-wrung mop and put felt pads under furniture.",
    "Balayer régulièrement, nettoyer avec une serpillière bien essorée et poser des patins sous les meubles.",
    "Spazzare regolarmente, pulire con un panno ben strizzato e applicare feltrini sotto i mobili.",
    "Regelmatig vegen, alleen nevelvochtig reinigen en viltjes onder meubels plakken.",
  ),
  variantLabel: t("Ausführung", "Version", "Version", "Versione", "Uitvoering"),
  categoryDescription: t(
    "<p>Entdecken Sie {name} in großer Auswahl: geprüfte Qualität, kostenlose Muster und schnelle Lieferung.</p>",
    "<p>Discover {name} in a wide range: tested quality, free samples and fast delivery.</p>",
    "<p>Découvrez {name} dans un large choix : qualité contrôlée, échantillons gratuits et livraison rapide.</p>",
    "<p>Scopri {name} in un vasto assortimento: qualità controllata, campioni gratuiti e consegna rapida.</p>",
    "<p>Ontdek {name} in een ruim assortiment: geteste kwaliteit, gratis stalen en snelle levering.</p>",
  ),
  topDescription: t(
    "Unsere Bestseller: {name}",
    "Our best sellers: {name}",
    "Nos meilleures ventes : {name}",
    "I più venduti: {name}",
    "Onze bestsellers: {name}",
  ),
};

export const REVIEWS: Record<Language, { mark: number; comment: string }[]> = {
  de: [
    { mark: 5, comment: "Top Qualität, {topic} sieht genau aus wie auf den Bildern. Lieferung pünktlich." },
    { mark: 5, comment: "Schnelle Lieferung und sehr gute Beratung am Telefon." },
    { mark: 4, comment: "Schöne Optik, die Verlegung war einfacher als gedacht." },
    { mark: 4, comment: "Gutes Preis-Leistungs-Verhältnis, ein Paket hatte eine kleine Macke." },
    { mark: 3, comment: "Farbe etwas dunkler als das Muster, sonst in Ordnung." },
    { mark: 2, comment: "Lieferung hat sich um eine Woche verzögert." },
  ],
  at: [
    { mark: 5, comment: "Super Qualität, {topic} schaut genau so aus wie auf den Fotos. Zustellung pünktlich." },
    { mark: 5, comment: "Rasche Zustellung und sehr gute Beratung am Telefon." },
    { mark: 4, comment: "Schaut schön aus, das Verlegen war leichter als gedacht." },
    { mark: 3, comment: "Farbe ein bisserl dunkler als das Muster, sonst passt es." },
  ],
  en: [
    { mark: 5, comment: "Great quality, {topic} looks exactly like the pictures. Delivered on time." },
    { mark: 5, comment: "Fast delivery and very helpful advice on the phone." },
    { mark: 4, comment: "Looks lovely, installation was easier than expected." },
    { mark: 3, comment: "Colour slightly darker than the sample, otherwise fine." },
    { mark: 2, comment: "Delivery was a week late." },
  ],
  fr: [
    { mark: 5, comment: "Très bonne qualité, {topic} est conforme aux photos. Livraison à l'heure." },
    { mark: 5, comment: "Livraison rapide et très bons conseils au téléphone." },
    { mark: 4, comment: "Joli rendu, la pose était plus simple que prévu." },
    { mark: 3, comment: "Couleur un peu plus foncée que l'échantillon." },
  ],
  it: [
    { mark: 5, comment: "Ottima qualità, {topic} è identico alle foto. Consegna puntuale." },
    { mark: 5, comment: "Consegna veloce e ottima consulenza telefonica." },
    { mark: 4, comment: "Bell'effetto, la posa è stata più facile del previsto." },
    { mark: 3, comment: "Colore un po' più scuro del campione." },
  ],
  nl: [
    { mark: 5, comment: "Topkwaliteit, {topic} ziet er precies zo uit als op de foto's. Op tijd geleverd." },
    { mark: 4, comment: "Mooie uitstraling, het leggen was makkelijker dan gedacht." },
    { mark: 3, comment: "Kleur iets donkerder dan het staal." },
  ],
};
export const REVIEWERS = [
  "Anna M.",
  "Thomas K.",
  "Sabine R.",
  "Luca B.",
  "Marie D.",
  "Jan de V.",
  "Peter S.",
  "Giulia F.",
  "Claire L.",
  "Markus H.",
  "Eva W.",
  "Sophie v. D.",
];
export const REVIEW_ANSWER = t(
  "Vielen Dank für Ihre Bewertung! Ihr Bodenhaus-Team",
  "Thank you for your review! Your Bodenhaus team",
  "Merci pour votre avis ! Votre équipe Bodenhaus",
  "Grazie per la recensione! Il vostro team Bodenhaus",
  "Bedankt voor uw beoordeling! Uw Bodenhaus-team",
  "Danke für Ihre Bewertung! Ihr Bodenhaus-Team",
);

// ---------------------------------------------------------------- CMS pages

export interface PageDef {
  key: string;
  pageType: "CMS" | "CHAT" | "SALES" | "VIDEOLIB" | "CONFIGURATOR_LANDING_PAGE" | "MAGAZINE" | "GUIDE" | "CUSTOM" | "EMPTY";
  identifier: L;
  title: L;
  /** {storage} is the order value storage needs, in the shop's currency. */
  body: L;
  /** Paragraphs after the body (a guide's text). */
  paragraphs?: L[];
  /** Said after the body only in a shop that offers express (domain/checkout.ts offersExpress); {parcel} and {freight} are its fees. */
  express?: L;
  noindex?: boolean;
  /** A link after the body to one of the shop's own pages (build.ts resolves the path per shop language). */
  link?: { to: "returns" | "contact"; label: L };
}

export const PAGES: PageDef[] = [
  {
    key: "imprint",
    pageType: "CMS",
    identifier: t("impressum", "imprint", "mentions-legales", "note-legali", "colofon"),
    title: t("Impressum", "Imprint", "Mentions légales", "Note legali", "Colofon"),
    body: t(
      "Bodenhaus GmbH, Musterstraße 1, 10115 Berlin. Geschäftsführung: Max Muster. Handelsregister HRB 000000.",
      "Bodenhaus GmbH, Musterstraße 1, 10115 Berlin, Germany. Managing director: Max Muster.",
      "Bodenhaus GmbH, Musterstraße 1, 10115 Berlin, Allemagne. Directeur général : Max Muster.",
      "Bodenhaus GmbH, Musterstraße 1, 10115 Berlino, Germania. Amministratore: Max Muster.",
      "Bodenhaus GmbH, Musterstraße 1, 10115 Berlijn, Duitsland. Directeur: Max Muster.",
      "Bodenhaus GmbH, Musterstraße 1, 10115 Berlin. Geschäftsführung: Max Muster. Firmenbuch FN 000000a.",
    ),
  },
  {
    key: "privacy",
    pageType: "CMS",
    identifier: t("datenschutz", "data-protection", "protection-des-donnees", "protezione-dei-dati", "privacy"),
    title: t("Datenschutzerklärung", "Data protection", "Protection des données", "Protezione dei dati", "Privacyverklaring"),
    body: t(
      "Wir verarbeiten Ihre Daten nur zur Abwicklung Ihrer Bestellung und gemäß DSGVO.",
      "We process your data only to handle your order and in line with the GDPR.",
      "Nous traitons vos données uniquement pour votre commande, conformément au RGPD.",
      "Trattiamo i tuoi dati solo per gestire l'ordine, nel rispetto del GDPR.",
      "Wij verwerken uw gegevens alleen voor uw bestelling en volgens de AVG.",
    ),
  },
  {
    key: "withdrawal",
    pageType: "CMS",
    identifier: t("widerrufsrecht", "right-of-withdrawal", "droit-de-retractation", "diritto-di-recesso", "herroepingsrecht", "ruecktrittsrecht"),
    title: t("Widerrufsrecht", "Right of withdrawal", "Droit de rétractation", "Diritto di recesso", "Herroepingsrecht", "Rücktrittsrecht"),
    body: t(
      "Sie haben ein 30-tägiges Rückgaberecht ab Erhalt der Ware.",
      "You may return goods within 30 days of receipt.",
      "Vous disposez de 30 jours pour retourner la marchandise.",
      "Hai 30 giorni di tempo per restituire la merce.",
      "U heeft 30 dagen bedenktijd na ontvangst.",
    ),
  },
  {
    key: "battery",
    pageType: "CMS",
    identifier: t("batteriegesetz", "battery-law", "loi-sur-les-piles", "legge-sulle-batterie", "batterijwet", "batterieverordnung"),
    title: t(
      "Hinweise nach dem Batteriegesetz",
      "Battery law notice",
      "Informations sur les piles",
      "Informazioni sulle batterie",
      "Informatie batterijwet",
      "Hinweise zur Batterieverordnung",
    ),
    body: t(
      "Altbatterien dürfen nicht in den Hausmüll.",
      "Used batteries must not go in household waste.",
      "Les piles usagées ne doivent pas être jetées avec les ordures ménagères.",
      "Le batterie esauste non vanno gettate nei rifiuti domestici.",
      "Lege batterijen horen niet bij het huisvuil.",
    ),
  },
  {
    key: "about",
    pageType: "CMS",
    identifier: t("ueber-uns", "about-us", "a-propos", "chi-siamo", "over-ons"),
    title: t("Über uns", "About us", "À propos", "Chi siamo", "Over ons"),
    body: t(
      "Seit über 20 Jahren verkaufen wir Bodenbeläge, Wandverkleidungen und Terrassen.",
      "For over 20 years we have sold floors, wall coverings and decking.",
      "Depuis plus de 20 ans, nous vendons sols, revêtements muraux et terrasses.",
      "Da oltre 20 anni vendiamo pavimenti, rivestimenti e terrazze.",
      "Al meer dan 20 jaar verkopen wij vloeren, wandbekleding en terrassen.",
    ),
  },
  {
    key: "career",
    pageType: "CMS",
    identifier: t("karriere", "careers", "carriere", "lavora-con-noi", "vacatures"),
    title: t("Karriere", "Careers", "Carrière", "Lavora con noi", "Vacatures"),
    body: t(
      "Werden Sie Teil unseres Teams in Vertrieb, Logistik oder IT.",
      "Join our team in sales, logistics or IT.",
      "Rejoignez notre équipe vente, logistique ou informatique.",
      "Entra nel nostro team vendite, logistica o IT.",
      "Kom werken in ons team verkoop, logistiek of IT.",
    ),
  },
  {
    key: "contact",
    pageType: "CMS",
    identifier: t("kontakt-service", "contact-service", "contact-service", "contatto-servizio", "contact-service"),
    title: t("Kontakt", "Contact", "Contact", "Contatto", "Contact"),
    body: t(
      "Telefon Montag bis Freitag 9–22 Uhr, Samstag 9–14 Uhr. Ausstellung Montag bis Freitag 9–18 Uhr, Samstag 9–14 Uhr.",
      "Phone Monday to Friday 9 am–10 pm, Saturday 9 am–2 pm. Showroom Monday to Friday 9 am–6 pm, Saturday 9 am–2 pm.",
      "Téléphone du lundi au vendredi de 9 h à 22 h, samedi de 9 h à 14 h.",
      "Telefono dal lunedì al venerdì 9–22, sabato 9–14.",
      "Telefoon maandag t/m vrijdag 9–22 uur, zaterdag 9–14 uur.",
    ),
  },
  {
    key: "shipping",
    pageType: "CMS",
    identifier: t("versand", "shipping", "livraison", "spedizione", "verzending", "versand-und-zustellung"),
    title: t("Versand & Lieferung", "Shipping & delivery", "Livraison", "Spedizione e consegna", "Verzending & levering"),
    body: t(
      "Paketware und Speditionsware liefern wir mit Lieferavis; die Lieferzeit steht bei jedem Produkt.",
      "Parcels and freight are delivered with a delivery notice; the delivery time is shown with every product.",
      "Colis et messagerie sont livrés avec avis de livraison ; le délai figure sur chaque produit.",
      "Pacchi e merci sono consegnati con avviso di consegna; il tempo di consegna è indicato su ogni prodotto.",
      "Pakketten en vracht leveren we met leveringsbericht; de levertijd staat bij elk product.",
    ),
    express: t(
      "Expresslieferung: {parcel} für Paketware, {freight} für Speditionsware, nur innerhalb Deutschlands (Festland). Bestellungen bis 10:00 Uhr werden am nächsten Tag geliefert.",
      "Express delivery: {parcel} for parcels, {freight} for freight, mainland Germany only. Orders placed by 10:00 arrive the next day.",
      "Livraison express : {parcel} pour les colis, {freight} pour la messagerie, uniquement en Allemagne continentale.",
      "Consegna espressa: {parcel} per i pacchi, {freight} per le spedizioni, solo nella Germania continentale.",
      "Expreslevering: {parcel} voor pakketten, {freight} voor vracht, alleen binnen Duitsland (vasteland).",
    ),
  },
  {
    key: "ordering",
    pageType: "CMS",
    identifier: t("bestellvorgang", "ordering-process", "processus-de-commande", "processo-di-ordine", "bestelproces"),
    title: t("Bestellvorgang", "Ordering process", "Processus de commande", "Processo d'ordine", "Bestelproces"),
    body: t(
      "Produkt wählen, Menge berechnen, in den Warenkorb legen und bequem bezahlen.",
      "Choose a product, calculate the quantity, add it to the cart and pay conveniently.",
      "Choisissez un produit, calculez la quantité, ajoutez-le au panier et payez.",
      "Scegli il prodotto, calcola la quantità, aggiungilo al carrello e paga.",
      "Kies een product, bereken de hoeveelheid, leg het in de winkelwagen en betaal.",
    ),
  },
  {
    key: "complaints",
    pageType: "CMS",
    identifier: t("reklamation", "complaints", "reclamation", "reclami", "klachten"),
    title: t("Reklamation", "Complaints", "Réclamation", "Reclami", "Klachten"),
    body: t(
      "Ware beschädigt oder falsch geliefert? Melden Sie uns den Schaden mit Fotos über unser Reklamationsformular – mit Bestellnummer, E-Mail-Adresse und Postleitzahl.",
      "Goods damaged or delivered incorrectly? Report it with photos through our complaint form, with your order number, e-mail address and postal code.",
      "Marchandise endommagée ou erreur de livraison ? Signalez-le avec des photos via notre formulaire de réclamation, avec votre numéro de commande, votre adresse e-mail et votre code postal.",
      "Merce danneggiata o consegna errata? Segnalalo con foto tramite il nostro modulo di reclamo, con numero d'ordine, indirizzo e-mail e codice postale.",
      "Beschadigd of verkeerd geleverd? Meld het met foto's via ons klachtenformulier, met uw bestelnummer, e-mailadres en postcode.",
    ),
    link: {
      to: "returns",
      label: t(
        "Zum Retouren- und Reklamationsformular",
        "Go to the returns and complaints form",
        "Accéder au formulaire de retour et de réclamation",
        "Vai al modulo per resi e reclami",
        "Naar het retour- en klachtenformulier",
      ),
    },
  },
  {
    key: "payment",
    pageType: "CMS",
    identifier: t("zahlungsarten", "payment-methods", "modes-de-paiement", "metodi-di-pagamento", "betaalmethoden"),
    title: t("Zahlungsarten", "Payment methods", "Modes de paiement", "Metodi di pagamento", "Betaalmethoden"),
    body: t(
      "Vorkasse mit 2 % Skonto auf den Warenwert: Sie überweisen nach der Bestellung, wir versenden, sobald die Zahlung eingegangen ist. Rechnung: Sie zahlen nach Erhalt der Rechnung, die der Lieferung beiliegt. Nachnahme: Sie zahlen bei der Lieferung an den Zusteller.",
      "Prepayment with a 2% discount on the goods value: you transfer the amount after ordering and we ship as soon as the payment has arrived. Invoice: you pay after receiving the invoice, which comes with the delivery. Cash on delivery: you pay the driver on delivery.",
      "Paiement anticipé avec 2 % de remise sur la valeur des marchandises : vous effectuez le virement après la commande et nous expédions dès réception du paiement. Facture : vous payez après réception de la facture, jointe à la livraison. Paiement à la livraison : vous payez le livreur lors de la livraison.",
      "Pagamento anticipato con il 2% di sconto sul valore della merce: dopo l'ordine paghi con bonifico e spediamo non appena riceviamo il pagamento. Fattura: paghi dopo aver ricevuto la fattura, allegata alla consegna. Contrassegno: paghi al corriere alla consegna.",
      "Vooruitbetaling met 2% korting op de goederenwaarde: u maakt het bedrag na de bestelling over en wij verzenden zodra de betaling binnen is. Factuur: u betaalt na ontvangst van de factuur, die bij de levering zit. Rembours: u betaalt bij aflevering aan de bezorger.",
    ),
  },
  {
    key: "service",
    pageType: "CMS",
    identifier: t("service", "service", "service", "servizio", "service"),
    title: t("Service", "Service", "Service", "Servizio", "Service"),
    body: t(
      "Kostenlose Muster (bis zu 7 pro Bestellung), Aufmaß-Rechner, kostenlose Einlagerung bis zu 3 Monate ab {storage} Bestellwert.",
      "Free samples (up to 7 per order), area calculator, free storage for up to 3 months from an order value of {storage}.",
      "Échantillons gratuits (jusqu'à 7 par commande), calculateur de surface, stockage gratuit jusqu'à 3 mois dès {storage}.",
      "Campioni gratuiti (fino a 7 per ordine), calcolatore, deposito gratuito fino a 3 mesi da {storage}.",
      "Gratis stalen (tot 7 per bestelling), oppervlakte-calculator, gratis opslag tot 3 maanden vanaf {storage}.",
    ),
  },
  {
    key: "voucher-thanks",
    pageType: "CMS",
    identifier: t("gutschein-danke", "voucher-thank-you", "bon-dachat-merci", "buono-grazie", "tegoedbon-bedankt"),
    title: t("Danke für Ihre Anmeldung", "Thank you for signing up", "Merci pour votre inscription", "Grazie per l'iscrizione", "Bedankt voor uw aanmelding"),
    // The confirmation mails the voucher of a first sign-up (in the shop's currency); it is redeemed in the cart.
    body: t(
      "Ihre Anmeldung ist bestätigt. Den Gutschein für Ihre erste Anmeldung schicken wir Ihnen per E-Mail; Sie lösen ihn im Warenkorb ein.",
      "Your sign-up is confirmed. We send the voucher for your first sign-up by e-mail; you redeem it in the cart.",
      "Votre inscription est confirmée. Nous vous envoyons le bon de votre première inscription par e-mail ; vous l'utilisez dans le panier.",
      "La tua iscrizione è confermata. Ti inviamo il buono della tua prima iscrizione via e-mail; lo utilizzi nel carrello.",
      "Uw aanmelding is bevestigd. De tegoedbon voor uw eerste aanmelding sturen we u per e-mail; u verzilvert hem in de winkelwagen.",
    ),
    noindex: true,
  },
  {
    // A landing page of the merchandiser's own (page type CUSTOM): its content without breadcrumbs.
    key: "floor-guide",
    pageType: "CUSTOM",
    identifier: t("bodenberatung", "floor-advice", "conseils-sols", "consigli-pavimenti", "vloeradvies"),
    title: t("Welcher Boden passt zu mir?", "Which floor suits me?", "Quel sol me convient ?", "Quale pavimento fa per me?", "Welke vloer past bij mij?"),
    body: t(
      "Parkett ist warm und langlebig, Vinyl robust und leise, Laminat günstig und pflegeleicht. Bestellen Sie bis zu sieben kostenlose Muster und vergleichen Sie zu Hause.",
      "Parquet is warm and lasting, vinyl tough and quiet, laminate affordable and easy to care for. Order up to seven free samples and compare at home.",
      "Le parquet est chaleureux et durable, le vinyle robuste et silencieux, le stratifié abordable et facile à entretenir. Commandez jusqu'à sept échantillons gratuits et comparez chez vous.",
      "Il parquet è caldo e duraturo, il vinile resistente e silenzioso, il laminato conveniente e facile da curare. Ordina fino a sette campioni gratuiti e confronta a casa.",
      "Parket is warm en duurzaam, vinyl robuust en stil, laminaat voordelig en onderhoudsvriendelijk. Bestel tot zeven gratis stalen en vergelijk thuis.",
    ),
  },
  {
    // A page of content only (page type EMPTY, the empty layout: no header, menu or footer), e.g. for a link in the order mails or an app.
    key: "delivery-notes",
    pageType: "EMPTY",
    identifier: t("lieferhinweise", "delivery-notes", "consignes-livraison", "note-consegna", "leveringsinstructies"),
    title: t("Hinweise zur Lieferung", "Notes on delivery", "Consignes de livraison", "Note sulla consegna", "Leveringsinstructies"),
    body: t(
      "Bitte prüfen Sie die Ware bei Anlieferung auf sichtbare Schäden und vermerken Sie diese auf dem Lieferschein. Lagern Sie Böden vor dem Verlegen 48 Stunden im Raum.",
      "Please check the goods for visible damage on delivery and note it on the delivery slip. Let floors rest in the room for 48 hours before laying.",
      "Veuillez vérifier la marchandise à la livraison et noter tout dommage visible sur le bon de livraison. Laissez les sols 48 heures dans la pièce avant la pose.",
      "Controllate la merce alla consegna e annotate eventuali danni visibili sulla bolla. Lasciate i pavimenti 48 ore nella stanza prima della posa.",
      "Controleer de goederen bij levering op zichtbare schade en noteer die op de vrachtbrief. Laat vloeren 48 uur in de ruimte acclimatiseren voor het leggen.",
    ),
    noindex: true,
  },
  {
    key: "chat",
    pageType: "CHAT",
    identifier: t("chat", "chat", "chat", "chat", "chat"),
    title: t("Fachberatung", "Expert advice", "Conseil d'experts", "Consulenza degli esperti", "Deskundig advies"),
    // Said in every shop: where the shop has a live chat the page's steps lead to it, otherwise to the contact form (docs/decisions/0070).
    body: t(
      "Unsere Fachberatung beantwortet Ihre Fragen – schriftlich und am Telefon.",
      "Our experts answer your questions – in writing and on the phone.",
      "Nos conseillers répondent à vos questions, par écrit et par téléphone.",
      "I nostri esperti rispondono alle tue domande, per iscritto e al telefono.",
      "Onze adviseurs beantwoorden uw vragen – schriftelijk en telefonisch.",
    ),
    link: {
      to: "contact",
      label: t("Zum Kontaktformular", "Go to the contact form", "Accéder au formulaire de contact", "Vai al modulo di contatto", "Naar het contactformulier"),
    },
  },
  {
    key: "sale",
    pageType: "SALES",
    identifier: t("sale", "sale", "soldes", "saldi", "uitverkoop"),
    title: t("Sale", "Sale", "Soldes", "Saldi", "Uitverkoop"),
    body: t(
      "Restposten und Angebote – nur solange der Vorrat reicht.",
      "Clearance and offers – while stocks last.",
      "Fins de série et promotions – dans la limite des stocks.",
      "Fine serie e offerte – fino a esaurimento scorte.",
      "Restpartijen en aanbiedingen – zolang de voorraad strekt.",
    ),
  },
  {
    key: "videos",
    pageType: "VIDEOLIB",
    identifier: t("videothek", "video-library", "videotheque", "videoteca", "videotheek"),
    title: t("Videothek", "Video library", "Vidéothèque", "Videoteca", "Videotheek"),
    body: t(
      "Verlegevideos und Pflegetipps.",
      "Installation videos and care tips.",
      "Vidéos de pose et conseils d'entretien.",
      "Video di posa e consigli per la cura.",
      "Legvideo's en onderhoudstips.",
    ),
  },
  {
    key: "configurator",
    pageType: "CONFIGURATOR_LANDING_PAGE",
    identifier: t("terrassenplaner", "decking-planner", "configurateur-terrasse", "configuratore-terrazza", "terrasplanner"),
    title: t("Terrassenplaner", "Decking planner", "Configurateur de terrasse", "Configuratore terrazza", "Terrasplanner"),
    body: t(
      "Planen Sie Ihre Terrasse in wenigen Schritten und erhalten Sie sofort eine Materialliste.",
      "Plan your deck in a few steps and get a material list straight away.",
      "Planifiez votre terrasse en quelques étapes et obtenez la liste du matériel.",
      "Progetta la tua terrazza in pochi passi e ricevi subito la lista dei materiali.",
      "Plan uw terras in een paar stappen en ontvang direct een materiaallijst.",
    ),
  },
];

export const BLOCKS = {
  info: t(
    "Kostenlose Muster – bis zu 7 pro Bestellung",
    "Free samples – up to 7 per order",
    "Échantillons gratuits – jusqu'à 7 par commande",
    "Campioni gratuiti – fino a 7 per ordine",
    "Gratis stalen – tot 7 per bestelling",
  ),
  /** The info notice's shorter text on phones (header-info-mobile replaces header-info there). */
  infoMobile: t(
    "Muster gratis – bis zu 7",
    "Free samples – up to 7",
    "Échantillons gratuits – jusqu'à 7",
    "Campioni gratuiti – fino a 7",
    "Gratis stalen – tot 7",
  ),
  warning: t(
    "Wegen hoher Nachfrage kann sich die Lieferung um 1–2 Tage verzögern.",
    "Due to high demand, delivery may take 1–2 days longer.",
    "En raison d'une forte demande, la livraison peut prendre 1 à 2 jours de plus.",
    "A causa dell'elevata domanda la consegna può subire 1–2 giorni di ritardo.",
    "Door grote drukte kan de levering 1–2 dagen later zijn.",
  ),
  /** The environment's banners of the product page, offer, cart and category page (banner-{location}-{platform}). */
  environmentBanners: {
    pdp: {
      desktop: t(
        "<p><strong>Unsicher bei der Menge?</strong> Der Mengenrechner rechnet den Verschnitt mit ein – bestellen Sie vorab ein kostenloses Muster.</p>",
        "<p><strong>Unsure about the quantity?</strong> The calculator adds the cutting waste – order a free sample first.</p>",
        "<p><strong>Vous hésitez sur la quantité ?</strong> Le calculateur inclut les chutes – commandez d'abord un échantillon gratuit.</p>",
        "<p><strong>Dubbi sulla quantità?</strong> Il calcolatore include lo sfrido – ordinate prima un campione gratuito.</p>",
        "<p><strong>Twijfelt u over de hoeveelheid?</strong> De calculator rekent het snijverlies mee – bestel eerst een gratis staal.</p>",
      ),
      mobile: t(
        "<p>Tipp: erst ein Gratis-Muster bestellen</p>",
        "<p>Tip: order a free sample first</p>",
        "<p>Astuce : commandez d'abord un échantillon gratuit</p>",
        "<p>Consiglio: ordinate prima un campione gratuito</p>",
        "<p>Tip: bestel eerst een gratis staal</p>",
      ),
    },
    offer: {
      desktop: t(
        "<p><strong>Ihr Angebot gilt 30 Tage.</strong> Fragen dazu beantwortet unser Team gern am Telefon.</p>",
        "<p><strong>Your offer is valid for 30 days.</strong> Our team is happy to answer questions by phone.</p>",
        "<p><strong>Votre offre est valable 30 jours.</strong> Notre équipe répond volontiers à vos questions par téléphone.</p>",
        "<p><strong>La vostra offerta è valida 30 giorni.</strong> Il nostro team risponde volentieri al telefono.</p>",
        "<p><strong>Uw offerte is 30 dagen geldig.</strong> Ons team beantwoordt graag uw vragen per telefoon.</p>",
      ),
      mobile: t(
        "<p>Angebot 30 Tage gültig</p>",
        "<p>Offer valid for 30 days</p>",
        "<p>Offre valable 30 jours</p>",
        "<p>Offerta valida 30 giorni</p>",
        "<p>Offerte 30 dagen geldig</p>",
      ),
    },
    cart: {
      desktop: t(
        "<p><strong>Sicher bezahlen:</strong> Karte, PayPal, Klarna oder Vorkasse – und 30 Tage Rückgaberecht.</p>",
        "<p><strong>Pay securely:</strong> card, PayPal, Klarna or prepayment – and 30 days to return.</p>",
        "<p><strong>Paiement sécurisé :</strong> carte, PayPal, Klarna ou virement – et 30 jours pour retourner.</p>",
        "<p><strong>Pagamento sicuro:</strong> carta, PayPal, Klarna o bonifico anticipato – e 30 giorni per il reso.</p>",
        "<p><strong>Veilig betalen:</strong> kaart, PayPal, Klarna of vooruitbetaling – en 30 dagen retourrecht.</p>",
      ),
      mobile: t(
        "<p>Sicher bezahlen, 30 Tage Rückgabe</p>",
        "<p>Secure payment, 30-day returns</p>",
        "<p>Paiement sécurisé, retour sous 30 jours</p>",
        "<p>Pagamento sicuro, reso in 30 giorni</p>",
        "<p>Veilig betalen, 30 dagen retour</p>",
      ),
    },
    category: {
      desktop: t(
        "<p><strong>Bis zu 7 kostenlose Muster</strong> – vergleichen Sie Farben und Oberflächen bei Tageslicht zu Hause.</p>",
        "<p><strong>Up to 7 free samples</strong> – compare colours and surfaces in daylight at home.</p>",
        "<p><strong>Jusqu'à 7 échantillons gratuits</strong> – comparez couleurs et surfaces à la lumière du jour chez vous.</p>",
        "<p><strong>Fino a 7 campioni gratuiti</strong> – confrontate colori e superfici alla luce del giorno a casa.</p>",
        "<p><strong>Tot 7 gratis stalen</strong> – vergelijk kleuren en oppervlakken thuis bij daglicht.</p>",
      ),
      mobile: t(
        "<p>Bis zu 7 Muster gratis</p>",
        "<p>Up to 7 free samples</p>",
        "<p>Jusqu'à 7 échantillons gratuits</p>",
        "<p>Fino a 7 campioni gratuiti</p>",
        "<p>Tot 7 gratis stalen</p>",
      ),
    },
  },
};

/**
 * The product fields of the spec's product configuration: marketing labels (a few products
 * carry one), the top products' line and the Plus tab's own text of a Plus product.
 */
export const PRODUCT_EXTRAS = {
  marketingLabels: [
    t("Bestseller", "Bestseller", "Meilleure vente", "Più venduto", "Bestseller"),
    t("Neu im Sortiment", "New in", "Nouveauté", "Novità", "Nieuw"),
    t("Unser Tipp", "Our tip", "Notre conseil", "Il nostro consiglio", "Onze tip"),
  ],
  topDescription: t("Von unserem Team ausgewählt", "Chosen by our team", "Sélectionné par notre équipe", "Scelto dal nostro team", "Gekozen door ons team"),
  plusContent: t(
    "<p><strong>Bodenhaus Plus für dieses Produkt:</strong> 15 Jahre Garantie statt 5, eine kostenlose Verlegeberatung am Telefon und die Rücknahme angebrochener Pakete innerhalb von 100 Tagen.</p>",
    "<p><strong>Bodenhaus Plus for this product:</strong> a 15-year guarantee instead of 5, free laying advice by phone and opened packs taken back within 100 days.</p>",
    "<p><strong>Bodenhaus Plus pour ce produit :</strong> 15 ans de garantie au lieu de 5, des conseils de pose gratuits par téléphone et la reprise des paquets entamés sous 100 jours.</p>",
    "<p><strong>Bodenhaus Plus per questo prodotto:</strong> 15 anni di garanzia invece di 5, consulenza gratuita per la posa al telefono e ritiro delle confezioni aperte entro 100 giorni.</p>",
    "<p><strong>Bodenhaus Plus voor dit product:</strong> 15 jaar garantie in plaats van 5, gratis legadvies per telefoon en terugname van aangebroken pakken binnen 100 dagen.</p>",
  ),
};

/**
 * The floor guide (the CUSTOM page) shows the fields of the spec's CMS model: a sidebar, one
 * section per floor, the floor makers, its world and the newsletter sign-up.
 */
export const FLOOR_GUIDE = {
  world: "parkett",
  sidebar: {
    title: t("Unser Tipp", "Our tip", "Notre conseil", "Il nostro consiglio", "Onze tip"),
    content: t(
      "<p>Legen Sie die Muster für einen Tag dorthin, wo der Boden liegen soll: Licht und Möbel verändern jede Farbe.</p>",
      "<p>Put the samples where the floor will lie for a day: light and furniture change every colour.</p>",
      "<p>Posez les échantillons une journée là où sera le sol : la lumière et les meubles changent chaque couleur.</p>",
      "<p>Lasciate i campioni per un giorno dove andrà il pavimento: luce e mobili cambiano ogni colore.</p>",
      "<p>Leg de stalen een dag op de plek van de vloer: licht en meubels veranderen elke kleur.</p>",
    ),
  },
  sections: [
    {
      title: t("Parkett", "Parquet", "Parquet", "Parquet", "Parket"),
      content: t(
        "<p>Echtes Holz, warm unter den Füßen und mehrfach abschleifbar.</p>",
        "<p>Real wood, warm underfoot and can be sanded several times.</p>",
        "<p>Du vrai bois, chaleureux et ponçable plusieurs fois.</p>",
        "<p>Vero legno, caldo sotto i piedi e levigabile più volte.</p>",
        "<p>Echt hout, warm aan de voeten en meerdere keren te schuren.</p>",
      ),
    },
    {
      title: t("Vinyl", "Vinyl", "Vinyle", "Vinile", "Vinyl"),
      content: t(
        "<p>Robust, leise und auch für Küche und Bad geeignet.</p>",
        "<p>Tough, quiet and suitable for kitchens and bathrooms.</p>",
        "<p>Robuste, silencieux et adapté à la cuisine et à la salle de bain.</p>",
        "<p>Resistente, silenzioso e adatto anche a cucina e bagno.</p>",
        "<p>Robuust, stil en ook geschikt voor keuken en badkamer.</p>",
      ),
    },
    {
      title: t("Laminat", "Laminate", "Stratifié", "Laminato", "Laminaat"),
      content: t(
        "<p>Günstig, pflegeleicht und schnell verlegt.</p>",
        "<p>Affordable, easy to care for and quick to lay.</p>",
        "<p>Abordable, facile à entretenir et rapide à poser.</p>",
        "<p>Conveniente, facile da curare e veloce da posare.</p>",
        "<p>Voordelig, onderhoudsvriendelijk en snel gelegd.</p>",
      ),
    },
  ],
};
