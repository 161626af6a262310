import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The development hosts of config/shops.json all name port 8787, so whatever serves the
 * shops locally for a browser (browser tests, Lighthouse) uses that port; this lock,
 * one per machine, makes such runs take turns.
 */
export const SHOPS_PORT = 8787;
export const SHOPS_PORT_LOCK = join(tmpdir(), "bodenhaus-port-8787.lock");
