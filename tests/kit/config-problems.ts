import { parseShopConfig, ShopConfigError } from "@config/shop-config";

/** The problems the shop config's validation names for `raw` (none for a valid config). */
export function configProblems(raw: unknown): string[] {
  try {
    parseShopConfig(raw);
    return [];
  } catch (error) {
    if (error instanceof ShopConfigError) return error.problems;
    throw error;
  }
}
