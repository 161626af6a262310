/**
 * The one folder a deploy uploads as the worker's static assets: every static shop's build
 * (`<SHOP>/`), the back-office console (`_console/`, built here) and the media (`_media/`). One
 * upload carries all of them, so no shop's publish ever replaces another's. Shops on R2
 * (docs/decisions/0053) are published by their builder to the SITE_ASSETS bucket; their build
 * is still needed here for the smoke test's product page.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { ShopConfig } from "@config/shop-config";
import { RELEASE_FILE } from "@builder/release";
import { WORKERS_ASSET_FILE_LIMIT } from "@builder/asset-store";
import { buildConsole } from "../../build-console";
import { MEDIA_FOLDER } from "../../generate-media";
import type { WorkersPlan } from "./bundle";

/** Static asset files one Workers deployment may hold, per plan. */
export const ASSET_FILE_LIMITS: Record<WorkersPlan, number> = { free: 20_000, paid: WORKERS_ASSET_FILE_LIMIT };

/** The problem with an upload of this many files on this plan (move a shop to R2, docs/decisions/0053), or null. */
export function assetCountProblem(files: number, plan: WorkersPlan): string | null {
  const limit = ASSET_FILE_LIMITS[plan];
  return files > limit
    ? `the upload has ${files} files, over the ${plan} plan's ${limit} per deployment: publish a shop to R2 instead (assets "r2", docs/decisions/0053)`
    : null;
}

/** The shops whose builds go into the upload: every static shop, or (rehearsal) the chosen ones. */
export function uploadedShops(config: ShopConfig, chosen: string[], everyShop: boolean): string[] {
  return config.shops.filter((shop) => shop.assets !== "r2" && (everyShop || chosen.includes(shop.id))).map((shop) => shop.id);
}

/** One line per build the deploy needs and `builds` lacks (a shop's build has its release record). */
export function missingBuilds(builds: string, shops: string[]): string[] {
  const missing = shops.filter((shop) => !existsSync(join(builds, shop, RELEASE_FILE))).map((shop) => `${shop} (no ${join(builds, shop, RELEASE_FILE)})`);
  const media = existsSync(join(builds, MEDIA_FOLDER)) ? [] : [`the media (no ${join(builds, MEDIA_FOLDER)})`];
  return [...missing, ...media];
}

/** Writes the upload folder from the builds (links followed: a shop's folder is a link to its live release) and a fresh console build; answers its number of files. */
export async function assembleAssets(builds: string, shops: string[], out: string): Promise<number> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const folder of [...shops, MEDIA_FOLDER]) cpSync(join(builds, folder), join(out, folder), { recursive: true, dereference: true });
  await buildConsole(out);
  return readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}
