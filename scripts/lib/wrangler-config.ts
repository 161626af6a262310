import { join } from "node:path";
import { ROOT } from "./shops";

/**
 * wrangler's configuration (wrangler.jsonc): the top level is local development (`wrangler dev`
 * without --env), `env.staging` and `env.production` the deployed environments (docs/decisions/0059).
 */
export const WRANGLER_CONFIG = join(ROOT, "wrangler.jsonc");

/** wrangler.jsonc's assets directory (the shops' builds, the console, the media), as the scripts create it before wrangler reads the config. */
export const ASSETS_DIRECTORY = "dist";
