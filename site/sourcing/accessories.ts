/**
 * A product page's accessories: the listed installation materials that fit the product's
 * kind of floor, the first four in their order. Which categories fit which world is the one
 * table below: adhesive and levelling, care, skirting boards and underlay for the floors
 * (parquet, vinyl, laminate, carpet), by what each floor is laid with. A world not in the table
 * (walls, terrace, garden, the building materials themselves) has no accessories from them, and
 * parts of a system of their own (the roof windows' flashings and blinds) fit no floor.
 */
const FITTING: Readonly<Record<string, readonly string[]>> = {
  parkett: ["baustoffe-kleber", "baustoffe-pflege", "baustoffe-sockelleisten", "baustoffe-daemmung"],
  vinyl: ["baustoffe-kleber", "baustoffe-sockelleisten", "baustoffe-daemmung"],
  laminat: ["baustoffe-sockelleisten", "baustoffe-daemmung"],
  teppichboden: ["baustoffe-kleber", "baustoffe-sockelleisten"],
};

/** The categories whose products are offered as accessories (the builder collects their listed products). */
export const ACCESSORY_CATEGORIES: ReadonlySet<string> = new Set(Object.values(FITTING).flat());

/**
 * Picks a product's accessories from the listed ones. They depend only on the product's world,
 * so each world's are found once (looked for per product, the catalogue squared: 5 s of
 * createPages at 50,000 products).
 */
export function accessoryPicker(accessories: readonly { sku: string; categoryTrailIds: readonly string[] }[]) {
  const byWorld = new Map<string, string[]>();
  return (product: { categoryTrailIds: readonly string[] }): string[] => {
    const world = product.categoryTrailIds[0] ?? "";
    let picked = byWorld.get(world);
    if (!picked) {
      const fitting = new Set(FITTING[world] ?? []);
      picked = [];
      for (const other of accessories) {
        if (picked.length === 4) break;
        if (other.categoryTrailIds.some((id) => fitting.has(id))) picked.push(other.sku);
      }
      byWorld.set(world, picked);
    }
    return picked;
  };
}
