/**
 * Verified customer accounts the benchmarks sign in with (bench:api, bench:load), seeded into
 * the bench's local D1 (LOCAL_STATE_DIR): one password for all, one account per five sign-ins
 * (the shop allows five sign-ins per address in 15 minutes, rateLimits.exact.login).
 */
import { withLocalD1 } from "../local-d1";
import { sql } from "@worker/lib/sql";
import { encodePasswordHash, hashPassword } from "@shop-api/core/passwords";
import { markVerified, upsertRegistration } from "@shop-api/tables/customers";

export const LOGIN_PASSWORD = "Bench-Login-2026";
/** The shop allows five sign-ins per address in 15 minutes (rateLimits.exact.login). */
export const LOGINS_PER_ACCOUNT = 5;

/** Verified DE accounts for `logins` sign-ins; their addresses, each listed once per sign-in it may take. */
export async function seedLoginAccounts(logins: number, log: (line: string) => void): Promise<string[]> {
  const accounts = Math.ceil(logins / LOGINS_PER_ACCOUNT);
  const run = Date.now().toString(36);
  const emails = Array.from({ length: accounts }, (_, i) => `bench-login-${run}-${i}@example.com`);
  log(`seeding ${accounts} customer accounts for ${logins} logins ...`);
  const passwordHash = encodePasswordHash(await hashPassword(LOGIN_PASSWORD));
  const now = new Date();
  await withLocalD1(async (db) => {
    for (let start = 0; start < emails.length; start += 50) {
      const statements = emails.slice(start, start + 50).flatMap((email) => {
        const id = crypto.randomUUID();
        const registration = { id, shopId: "DE", email, type: "private" as const, firstName: "Bench", surname: "Login", companyName: null, vatId: null };
        return [
          upsertRegistration(
            { ...registration, street: "Hauptstraße 5", postcode: "10115", city: "Berlin", country: "de", phone: "+49 30 1234567", passwordHash },
            now,
          ),
          markVerified(id, now, sql`1`),
        ].map((statement) => statement.prepare(db));
      });
      await db.batch(statements);
    }
  });
  return emails.flatMap((email) => Array.from({ length: LOGINS_PER_ACCOUNT }, () => email));
}
