/**
 * `npm run shops:sync [-- --remote]`: writes the D1 shops table from config/shops.json
 * (migrations and the local start do this by themselves; `npm run deploy` syncs the staging and
 * production databases after their migrations, scripts/lib/deploy).
 */
import { parseArgs } from "node:util";
import { syncShopsTable } from "./local-d1";

const { values } = parseArgs({ options: { remote: { type: "boolean", default: false } } });
syncShopsTable(values.remote ? "remote" : "local");
console.log(`shops table written from config/shops.json (${values.remote ? "remote" : "local"} database)`);
