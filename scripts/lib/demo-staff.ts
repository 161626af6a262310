/**
 * The local demo staff accounts of the back office: merchandiser@, service@ and ops@
 * bodenhaus.example, one per role, all with the checkout's own demo password
 * (STAFF_DEMO_PASSWORD in .dev.vars, random per checkout, created when missing). Only the
 * local database of `npm start` and the browser tests gets them (withLocalD1); nothing
 * here can reach a deployed database. Production accounts come from scripts/create-staff.ts.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { D1Database } from "@cloudflare/workers-types";
import { upsertStaff } from "@shop-api/core/staff/accounts";
import { verifyPassword } from "@shop-api/core/staff/password";
import { selectStaffByEmail, staffCredentialsOf, type StaffRole, type StaffRow } from "@shop-api/tables/staff";
import { devVar } from "./local-worker";
import { ROOT } from "./shops";

export const DEMO_STAFF: readonly { email: string; name: string; role: StaffRole }[] = [
  { email: "merchandiser@bodenhaus.example", name: "Mara Merchandiser", role: "merchandiser" },
  { email: "service@bodenhaus.example", name: "Sven Service", role: "service" },
  { email: "ops@bodenhaus.example", name: "Olga Ops", role: "ops" },
];

const DEV_VARS = join(ROOT, ".dev.vars");
const NAME = "STAFF_DEMO_PASSWORD";

/** The checkout's demo staff password from .dev.vars; a new random one is written there when it has none. */
export function demoStaffPassword(path = DEV_VARS): string {
  const current = existsSync(path) ? readFileSync(path, "utf8") : "";
  const existing = devVar(current, NAME);
  if (existing) return existing;
  const password = `demo-${randomBytes(9).toString("base64url")}`;
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  writeFileSync(path, `${current}${separator}${NAME}=${password}\n`);
  return password;
}

/** Creates the demo accounts in the database, or resets those whose password, role or state differ; returns the password. */
export async function seedDemoStaff(db: D1Database, password = demoStaffPassword(), now = new Date()): Promise<string> {
  for (const account of DEMO_STAFF) {
    const row = await selectStaffByEmail(account.email).prepare(db).first<StaffRow>();
    const current = row ? staffCredentialsOf(row) : null;
    const upToDate = current && current.role === account.role && current.disabledAt === null && (await verifyPassword(password, current.password));
    if (!upToDate) await upsertStaff(db, { ...account, password }, now);
  }
  return password;
}
