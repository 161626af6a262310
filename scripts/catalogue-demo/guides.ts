/**
 * The guide magazine of the demo shops (docs/decisions/0070): its index (page type MAGAZINE)
 * and a few guide pages (GUIDE) in every language. The header's magazine link leads to the
 * index, the search's advice group to the guides.
 */
import { t, type PageDef } from "./vocabulary";

export const MAGAZINE_PAGES: PageDef[] = [
  {
    key: "magazine",
    pageType: "MAGAZINE",
    identifier: t("ratgeber", "guides", "conseils", "consigli", "advies"),
    title: t("Ratgeber-Magazin", "Guide magazine", "Magazine conseils", "Magazine dei consigli", "Adviesmagazine"),
    body: t(
      "Praxiswissen aus unserer Fachberatung: wie Sie den passenden Boden finden, ihn verlegen und lange schön halten.",
      "Hands-on knowledge from our experts: how to find the right floor, lay it and keep it looking good for years.",
      "Le savoir-faire de nos conseillers : bien choisir son sol, le poser et le garder beau longtemps.",
      "L’esperienza dei nostri consulenti: come scegliere il pavimento giusto, posarlo e mantenerlo bello a lungo.",
      "Praktische kennis van onze adviseurs: de juiste vloer kiezen, leggen en lang mooi houden.",
    ),
  },
  {
    key: "guide-parquet-care",
    pageType: "GUIDE",
    identifier: t("parkett-richtig-pflegen", "caring-for-parquet-floors", "bien-entretenir-son-parquet", "come-curare-il-parquet", "parket-goed-onderhouden"),
    title: t("Parkett richtig pflegen", "Caring for parquet floors", "Bien entretenir son parquet", "Come curare il parquet", "Parket goed onderhouden"),
    body: t(
      "Mit der richtigen Pflege bleibt Parkett jahrzehntelang schön. Entscheidend ist, ob die Oberfläche geölt oder lackiert ist.",
      "With the right care, parquet stays beautiful for decades. What matters most is whether its surface is oiled or lacquered.",
      "Bien entretenu, un parquet reste beau pendant des décennies. Tout dépend de sa finition : huilée ou vitrifiée.",
      "Con la cura giusta il parquet resta bello per decenni. Conta soprattutto se la superficie è oliata o verniciata.",
      "Met het juiste onderhoud blijft parket tientallen jaren mooi. Het belangrijkste is of het oppervlak geolied of gelakt is.",
    ),
    paragraphs: [
      t(
        "Für die tägliche Reinigung genügen Besen oder Staubsauger mit Parkettdüse. Wischen Sie nur nebelfeucht und nie mit stehendem Wasser.",
        "For everyday cleaning a broom or a vacuum cleaner with a parquet nozzle is enough. Mop only with a well wrung-out cloth, never with standing water.",
        "Au quotidien, un balai ou un aspirateur avec une brosse parquet suffit. Nettoyez avec une serpillière bien essorée, jamais à grande eau.",
        "Per la pulizia quotidiana bastano una scopa o un aspirapolvere con spazzola per parquet. Passi solo un panno ben strizzato, mai acqua stagnante.",
        "Voor dagelijks schoonmaken volstaat een bezem of een stofzuiger met parketmondstuk. Dweil alleen met een goed uitgewrongen doek, nooit met staand water.",
      ),
      t(
        "Geöltes Parkett bekommt ein- bis zweimal im Jahr Pflegeöl, lackiertes Parkett ein Pflegemittel für versiegelte Böden. Filzgleiter unter Stühlen und Tischen schützen vor Kratzern.",
        "Oiled parquet needs a care oil once or twice a year, lacquered parquet a care product for sealed floors. Felt pads under chairs and tables protect against scratches.",
        "Un parquet huilé reçoit une huile d’entretien une à deux fois par an, un parquet vitrifié un produit pour sols vitrifiés. Des patins en feutre sous les chaises et les tables évitent les rayures.",
        "Il parquet oliato riceve un olio di manutenzione una o due volte all’anno, quello verniciato un prodotto per pavimenti sigillati. I feltrini sotto sedie e tavoli proteggono dai graffi.",
        "Geolied parket krijgt een- of tweemaal per jaar onderhoudsolie, gelakt parket een onderhoudsmiddel voor verzegelde vloeren. Viltjes onder stoelen en tafels beschermen tegen krassen.",
      ),
      t(
        "Holz mag ein gleichmäßiges Raumklima: Lüften Sie regelmäßig und halten Sie die Luftfeuchtigkeit im Winter mit einem Luftbefeuchter im Rahmen.",
        "Wood likes an even indoor climate: air your rooms regularly and keep the humidity up in winter with a humidifier.",
        "Le bois aime un climat intérieur régulier : aérez souvent et maintenez l’humidité de l’air en hiver avec un humidificateur.",
        "Il legno ama un clima interno costante: arieggi regolarmente e in inverno mantenga l’umidità dell’aria con un umidificatore.",
        "Hout houdt van een gelijkmatig binnenklimaat: lucht regelmatig en houd de luchtvochtigheid in de winter op peil met een luchtbevochtiger.",
      ),
    ],
  },
  {
    key: "guide-vinyl-laying",
    pageType: "GUIDE",
    identifier: t(
      "vinylboden-selbst-verlegen",
      "laying-vinyl-flooring-yourself",
      "poser-soi-meme-un-sol-vinyle",
      "posare-da-soli-il-pavimento-in-vinile",
      "zelf-een-vinylvloer-leggen",
    ),
    title: t(
      "Vinylboden selbst verlegen",
      "Laying vinyl flooring yourself",
      "Poser soi-même un sol vinyle",
      "Posare da soli il pavimento in vinile",
      "Zelf een vinylvloer leggen",
    ),
    body: t(
      "Klick-Vinyl lässt sich an einem Wochenende verlegen – ohne Kleber und ohne Spezialwerkzeug. So gehen Sie Schritt für Schritt vor.",
      "Click vinyl can be laid over a weekend – without glue and without special tools. Here is how to go about it step by step.",
      "Le vinyle à clipser se pose en un week-end, sans colle ni outillage spécial. Voici comment procéder étape par étape.",
      "Il vinile a incastro si posa in un fine settimana, senza colla e senza attrezzi speciali. Ecco come procedere passo dopo passo.",
      "Klik-vinyl legt u in een weekend – zonder lijm en zonder speciaal gereedschap. Zo gaat u stap voor stap te werk.",
    ),
    paragraphs: [
      t(
        "Lassen Sie die Pakete vorher zwei Tage im Raum liegen, damit sich die Dielen an Temperatur und Luftfeuchtigkeit anpassen. Der Untergrund muss eben, sauber und trocken sein.",
        "Leave the packs in the room for two days beforehand so the planks adjust to its temperature and humidity. The subfloor must be level, clean and dry.",
        "Laissez les paquets deux jours dans la pièce afin que les lames s’adaptent à la température et à l’humidité. Le support doit être plan, propre et sec.",
        "Lasci i pacchi nella stanza per due giorni, così le doghe si adattano a temperatura e umidità. Il sottofondo deve essere piano, pulito e asciutto.",
        "Laat de pakken twee dagen in de ruimte liggen, zodat de planken zich aanpassen aan temperatuur en luchtvochtigheid. De ondergrond moet vlak, schoon en droog zijn.",
      ),
      t(
        "Beginnen Sie an der längsten Wand und lassen Sie ringsum eine Dehnungsfuge. Versetzen Sie die Stöße von Reihe zu Reihe, und schneiden Sie die Dielen mit einem Cuttermesser an.",
        "Start at the longest wall and leave an expansion gap all round. Stagger the end joints from row to row and cut the planks with a utility knife.",
        "Commencez le long du mur le plus long en laissant un joint de dilatation tout autour. Décalez les joints d’une rangée à l’autre et coupez les lames au cutter.",
        "Cominci dalla parete più lunga e lasci un giunto di dilatazione lungo tutto il perimetro. Sfalsi le giunzioni da una fila all’altra e tagli le doghe con un taglierino.",
        "Begin bij de langste muur en laat rondom een uitzettingsvoeg vrij. Verspring de kopse naden van rij tot rij en snijd de planken met een afbreekmes op maat.",
      ),
      t(
        "Zum Schluss montieren Sie die Sockelleisten an der Wand, nicht am Boden – so kann sich der Belag frei bewegen.",
        "Finally fix the skirting boards to the wall, not to the floor, so the covering can move freely.",
        "Pour finir, fixez les plinthes au mur et non au sol : le revêtement peut ainsi travailler librement.",
        "Infine fissi i battiscopa alla parete, non al pavimento, così il rivestimento può muoversi liberamente.",
        "Monteer tot slot de plinten aan de muur, niet aan de vloer – zo kan de vloer vrij bewegen.",
      ),
    ],
  },
  {
    key: "guide-decking",
    pageType: "GUIDE",
    identifier: t(
      "terrassendielen-holz-oder-wpc",
      "decking-boards-wood-or-wpc",
      "lames-de-terrasse-bois-ou-composite",
      "doghe-per-terrazza-legno-o-wpc",
      "terrasplanken-hout-of-composiet",
    ),
    title: t(
      "Terrassendielen: Holz oder WPC?",
      "Decking boards: wood or WPC?",
      "Lames de terrasse : bois ou composite ?",
      "Doghe per terrazza: legno o WPC?",
      "Terrasplanken: hout of composiet?",
    ),
    body: t(
      "Holz oder Verbundwerkstoff? Beide Terrassenbeläge haben ihre Stärken. Ein Vergleich von Optik, Pflege und Haltbarkeit hilft bei der Wahl.",
      "Wood or composite? Both kinds of decking have their strengths. Comparing look, care and durability helps you choose.",
      "Bois ou composite ? Les deux revêtements ont leurs atouts. Comparer l’aspect, l’entretien et la durabilité aide à choisir.",
      "Legno o composito? Entrambi i rivestimenti hanno i loro punti di forza. Confrontare aspetto, manutenzione e durata aiuta a scegliere.",
      "Hout of composiet? Beide terrasvloeren hebben hun sterke kanten. Een vergelijking van uitstraling, onderhoud en levensduur helpt bij de keuze.",
    ),
    paragraphs: [
      t(
        "Holzdielen aus Lärche, Douglasie oder Thermoholz wirken natürlich und werden mit der Zeit silbergrau, wenn Sie sie nicht ölen.",
        "Wooden boards of larch, Douglas fir or thermally modified wood look natural and turn silver-grey over time unless you oil them.",
        "Les lames en mélèze, douglas ou bois thermotraité ont un aspect naturel et grisent avec le temps si vous ne les huilez pas.",
        "Le doghe in larice, douglas o legno termotrattato hanno un aspetto naturale e col tempo diventano grigio argento, se non le olia.",
        "Planken van lariks, douglas of thermisch gemodificeerd hout ogen natuurlijk en worden na verloop van tijd zilvergrijs als u ze niet oliet.",
      ),
      t(
        "WPC-Dielen aus Holzfasern und Kunststoff splittern nicht, bleiben farbstabil und brauchen kaum Pflege. Sie erwärmen sich in der Sonne allerdings stärker.",
        "WPC boards made of wood fibres and plastic do not splinter, keep their colour and need hardly any care. They do, however, get warmer in the sun.",
        "Les lames composites en fibres de bois et plastique ne font pas d’échardes, gardent leur couleur et demandent peu d’entretien. Elles chauffent toutefois davantage au soleil.",
        "Le doghe in WPC, di fibre di legno e plastica, non si scheggiano, mantengono il colore e richiedono poca manutenzione. Al sole però si scaldano di più.",
        "Composietplanken van houtvezels en kunststof splinteren niet, blijven kleurvast en vragen weinig onderhoud. In de zon worden ze wel warmer.",
      ),
      t(
        "Planen Sie Ihre Terrasse mit unserem Terrassenplaner: Er berechnet Dielen, Unterkonstruktion und Zubehör für Ihre Fläche.",
        "Plan your deck with our decking planner: it works out the boards, substructure and accessories for your area.",
        "Planifiez votre terrasse avec notre configurateur : il calcule les lames, la sous-structure et les accessoires pour votre surface.",
        "Progetti la sua terrazza con il nostro configuratore: calcola doghe, sottostruttura e accessori per la sua superficie.",
        "Plan uw terras met onze terrasplanner: hij berekent planken, onderconstructie en toebehoren voor uw oppervlak.",
      ),
    ],
  },
];
