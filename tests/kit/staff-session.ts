/**
 * Staff sessions for tests of staff routes: an account per role, logged in through the real
 * login route (POST /admin/api/session), and a caller that sends the session the way the
 * edge does (the x-staff-session header).
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import { STAFF_SESSION_HEADER } from "@worker/lib/shop-headers";
import type { StaffRole } from "@shop-api/core/staff-auth";
import { upsertStaff } from "@shop-api/core/staff/accounts";
import { nextClientIp, shopApiCaller } from "./shop-api";

export const STAFF_PASSWORD = "correct horse battery staple";

export const staffEmail = (role: StaffRole): string => `${role}@bodenhaus.example`;

/** Creates (or updates) the role's account and logs it in; the session token. */
export async function staffLogin(env: ShopApiEnv, db: D1Database, role: StaffRole, now: () => Date): Promise<string> {
  await upsertStaff(db, { email: staffEmail(role), name: `Test ${role}`, role, password: STAFF_PASSWORD }, now());
  const api = shopApiCaller(env, { now });
  const response = await api(
    new Request("https://api.example/admin/api/session", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": nextClientIp() },
      body: JSON.stringify({ email: staffEmail(role), password: STAFF_PASSWORD }),
    }),
  );
  const token = response.headers.get(STAFF_SESSION_HEADER);
  if (response.status !== 200 || !token) throw new Error(`staff login as ${role} failed: ${response.status} ${await response.text()}`);
  return token;
}

/** Logs in one account per role; the tokens by role. */
export async function staffLogins(env: ShopApiEnv, db: D1Database, now: () => Date): Promise<Record<StaffRole, string>> {
  return {
    merchandiser: await staffLogin(env, db, "merchandiser", now),
    service: await staffLogin(env, db, "service", now),
    ops: await staffLogin(env, db, "ops", now),
  };
}

export type StaffCaller = (
  method: string,
  path: string,
  options?: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
) => Promise<Response>;

/** Calls the shop API's route table as the edge does for the back-office host: the session in its header, JSON bodies. */
export function staffCaller(env: ShopApiEnv, now: () => Date): StaffCaller {
  const api = shopApiCaller(env, { now });
  return (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers[STAFF_SESSION_HEADER] = options.token;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers["content-type"] = "application/json";
    return api(new Request(`https://api.example${path}`, { method, headers, body }));
  };
}
