/**
 * The shops a workflow job runs for, as a GitHub Actions matrix (docs/decisions/0059): plain Node
 * (it runs before `npm ci`), reading config/shops.json.
 *
 *   REQUESTED=all|<shop id> [STORE=static|r2] GITHUB_OUTPUT=<file> node scripts/shop-matrix.mjs
 *
 * Writes `matrix={"include":[{"shop":"DE","assets":"static"},...]}` and `shops=DE,CH,...` to
 * GITHUB_OUTPUT; an unknown shop (or none left) exits 1 naming the known ones.
 */
import { appendFileSync, readFileSync } from "node:fs";

const all = JSON.parse(readFileSync(new URL("../config/shops.json", import.meta.url), "utf8")).shops;
const requested = (process.env.REQUESTED || "").trim().toUpperCase();
const store = process.env.STORE || "";
const shops = all.filter((shop) => (requested === "ALL" || shop.id === requested) && (store === "" || (shop.assets || "static") === store));
if (shops.length === 0) {
  console.error(`Unknown shop "${requested}"${store ? ` on ${store}` : ""}; known: ${all.map((shop) => shop.id).join(", ")}`);
  process.exit(1);
}
const include = shops.map((shop) => ({ shop: shop.id, assets: shop.assets || "static" }));
appendFileSync(process.env.GITHUB_OUTPUT, `matrix=${JSON.stringify({ include })}\nshops=${shops.map((shop) => shop.id).join(",")}\n`);
