/** The rebuild pipeline's numbers (config/shops.json `rebuilds`, config/shop-config.ts), and what its functions take besides D1. */
import type { RebuildSettings } from "@config/shop-config";
import { shopDirectory } from "@config/shops";

export type { RebuildSettings };

export function rebuildSettings(): RebuildSettings {
  return shopDirectory.config.rebuilds;
}

/** The configured shop ids, in config order. */
export function configuredShopIds(): string[] {
  return shopDirectory.config.shops.map((shop) => shop.id);
}

export interface RebuildDeps {
  now(): Date;
  /** The settings (default: the config's); tests shorten or lengthen them. */
  settings?: RebuildSettings;
  /** How deploy hooks are called (default: the global fetch). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}

export const settingsOf = (deps: Pick<RebuildDeps, "settings">): RebuildSettings => deps.settings ?? rebuildSettings();
