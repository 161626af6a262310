import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseShopConfig, type ShopConfig } from "@config/shop-config";

export const ROOT = join(__dirname, "..", "..");

/** The validated shop config (throws ShopConfigError naming the field). */
export function loadShopConfig(path = join(ROOT, "config", "shops.json")): ShopConfig {
  return parseShopConfig(JSON.parse(readFileSync(path, "utf8")));
}
