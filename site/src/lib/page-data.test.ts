import { cardsInOrder } from "./page-data";
import { packCard, type CardData } from "./card";

describe("the product cards of a list query", () => {
  test("unpacked, in the order of the page context's skus; skus without a node are left out", () => {
    const card: CardData = { image: null, manufacturer: null, price: null, unit: "m²", minDays: 2, maxDays: 4 };
    const node = (sku: string) => ({ card: packCard({ sku, path: `/${sku.toLowerCase()}.html`, title: sku, card }) });
    expect(cardsInOrder(["B", "X", "A"], [node("A"), node("B")])).toEqual([
      { sku: "B", path: "/b.html", title: "B", card },
      { sku: "A", path: "/a.html", title: "A", card },
    ]);
  });
});
