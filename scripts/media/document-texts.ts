/**
 * The words of the demo catalogue's datasheets and laying guides (documents.ts), in every
 * catalogue language: demo catalogue content like vocabulary.ts, not texts of the shop.
 */
import { t } from "../catalogue-demo/vocabulary";

export const DOCUMENT_TEXT = {
  articleNumber: t("Artikelnummer", "Article number", "Référence", "Codice articolo", "Artikelnummer"),
  manufacturer: t("Hersteller", "Manufacturer", "Fabricant", "Produttore", "Fabrikant"),
  ean: t("EAN", "EAN", "EAN", "EAN", "EAN"),
  technicalData: t("Technische Daten", "Technical data", "Caractéristiques techniques", "Dati tecnici", "Technische gegevens"),
  steps: t("Schritt für Schritt", "Step by step", "Étape par étape", "Passo dopo passo", "Stap voor stap"),
  yes: t("ja", "yes", "oui", "sì", "ja"),
  no: t("nein", "no", "non", "no", "nee"),
  layingSteps: [
    t(
      "Das Material 48 Stunden im Raum lagern, in dem es verlegt wird (18-22 °C).",
      "Store the material for 48 hours in the room where it will be laid (18-22 °C).",
      "Stocker le matériau 48 heures dans la pièce de pose (18-22 °C).",
      "Conservare il materiale per 48 ore nella stanza di posa (18-22 °C).",
      "Het materiaal 48 uur laten acclimatiseren in de ruimte waar het gelegd wordt (18-22 °C).",
    ),
    t(
      "Den Untergrund prüfen: eben, trocken, sauber und tragfähig.",
      "Check the subfloor: level, dry, clean and sound.",
      "Contrôler le support : plan, sec, propre et porteur.",
      "Controllare il sottofondo: piano, asciutto, pulito e portante.",
      "De ondergrond controleren: vlak, droog, schoon en draagkrachtig.",
    ),
    t(
      "Trittschalldämmung auslegen und 10 mm Randabstand zu Wänden einhalten.",
      "Lay the underlay and keep a 10 mm gap to the walls.",
      "Poser la sous-couche et laisser un joint de 10 mm le long des murs.",
      "Posare il materassino e lasciare 10 mm di fuga lungo le pareti.",
      "De ondervloer leggen en 10 mm afstand tot de muren houden.",
    ),
    t(
      "Die erste Reihe mit der Feder zur Wand verlegen, die Stöße um mindestens 30 cm versetzen.",
      "Lay the first row with the tongue to the wall and stagger the joints by at least 30 cm.",
      "Poser la première rangée languette côté mur et décaler les joints d'au moins 30 cm.",
      "Posare la prima fila con la linguetta verso il muro e sfalsare le giunte di almeno 30 cm.",
      "De eerste rij met de messing naar de muur leggen en de naden minstens 30 cm verspringen.",
    ),
    t(
      "Sockelleisten an der Wand befestigen, nie am Boden.",
      "Fix the skirting boards to the wall, never to the floor.",
      "Fixer les plinthes au mur, jamais au sol.",
      "Fissare i battiscopa alla parete, mai al pavimento.",
      "De plinten aan de muur bevestigen, nooit aan de vloer.",
    ),
  ],
};
