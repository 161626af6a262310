import { accessoryPicker } from "./create-pages";

/** What a product page offered before the picker: the first four fitting accessories, looked for per product. */
function byScan(accessories: { sku: string; categoryTrailIds: string[] }[], product: { sku: string; categoryTrailIds: string[] }): string[] {
  const picked: string[] = [];
  for (const other of accessories) {
    if (picked.length === 4) break;
    if (other.sku !== product.sku && other.categoryTrailIds[0] !== product.categoryTrailIds[0]) picked.push(other.sku);
  }
  return picked;
}

describe("accessoryPicker: a product page's accessories", () => {
  const accessory = (sku: string, ...trail: string[]) => ({ sku, categoryTrailIds: trail });
  const accessories = [
    accessory("A1", "baustoffe", "kleber"),
    accessory("A2", "terrasse", "zubehoer"),
    accessory("A3", "baustoffe", "daemmung"),
    accessory("A4", "terrasse", "zubehoer"),
    accessory("A5", "parkett", "pflege"),
    accessory("A6", "baustoffe"),
    accessory("A7", "garten"),
  ];

  test("the first four in their order from another top category than the product's", () => {
    const pick = accessoryPicker(accessories);
    expect(pick(accessory("P1", "parkett", "eiche"))).toEqual(["A1", "A2", "A3", "A4"]);
    expect(pick(accessory("P2", "baustoffe", "kleber"))).toEqual(["A2", "A4", "A5", "A7"]);
    expect(pick(accessory("P3", "terrasse"))).toEqual(["A1", "A3", "A5", "A6"]);
  });

  test("an accessory is never its own, and fewer than four fit when no more do", () => {
    const pick = accessoryPicker(accessories.slice(0, 3));
    expect(pick(accessories[0]!)).toEqual(["A2"]);
    expect(pick(accessory("P4"))).toEqual(["A1", "A2", "A3"]);
    expect(accessoryPicker([])(accessory("P5", "parkett"))).toEqual([]);
  });

  test("gives what looking per product gave, for every product of a generated catalogue", () => {
    const tops = ["baustoffe", "terrasse", "parkett", "vinyl", "garten"];
    const catalogue = Array.from({ length: 400 }, (_, index) =>
      accessory(`S${index}`, ...(index % 17 === 0 ? [] : [tops[(index * 7) % tops.length]!, `c${index % 5}`])),
    );
    const listed = catalogue.filter((product) => product.categoryTrailIds.includes("baustoffe") || product.categoryTrailIds[0] === "garten");
    const pick = accessoryPicker(listed);
    for (const product of catalogue) expect([product.sku, pick(product)]).toEqual([product.sku, byScan(listed, product)]);
  });
});
