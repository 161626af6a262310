/**
 * Creating and changing staff accounts (scripts/create-staff.ts, the local demo accounts,
 * tests). A changed password or a disabled account revokes every session of the account
 * (the trigger of migrations/0016_staff.sql).
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { SqlFragment } from "@worker/lib/sql";
import {
  selectStaffByEmail,
  setStaffDisabled,
  STAFF_ROLES,
  updateStaffPassword,
  upsertStaffAccount,
  type StaffRole,
  type StaffRow,
} from "@shop-api/tables/staff";
import { hashPassword, passwordProblem } from "./password";
import { normaliseEmail } from "./sessions";

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** Every problem with a new account, in words; empty when there is none. */
export function newStaffProblems(staff: NewStaff): string[] {
  const problems: string[] = [];
  const email = normaliseEmail(staff.email);
  if (!EMAIL.test(email) || email.length > 254) problems.push(`'${staff.email}' is not an e-mail address.`);
  if (!staff.name.trim() || staff.name.length > 200) problems.push("The name must have 1 to 200 characters.");
  if (!STAFF_ROLES.includes(staff.role)) problems.push(`The role must be one of ${STAFF_ROLES.join(", ")}.`);
  const password = passwordProblem(staff.password);
  if (password) problems.push(password);
  return problems;
}

/** The statement that creates the account or updates the one of its e-mail (name, role, password; enabled again). Throws on bad input. */
export async function staffUpsertStatement(staff: NewStaff, now: Date): Promise<SqlFragment> {
  const problems = newStaffProblems(staff);
  if (problems.length > 0) throw new Error(problems.join(" "));
  return upsertStaffAccount(
    { id: crypto.randomUUID(), email: normaliseEmail(staff.email), name: staff.name.trim(), role: staff.role, password: await hashPassword(staff.password) },
    now,
  );
}

/** Creates or updates the account (see staffUpsertStatement); returns its id. */
export async function upsertStaff(db: D1Database, staff: NewStaff, now: Date): Promise<{ id: string }> {
  await (await staffUpsertStatement(staff, now)).prepare(db).run();
  const row = await selectStaffByEmail(normaliseEmail(staff.email)).prepare(db).first<StaffRow>();
  if (!row) throw new Error(`the account ${staff.email} was not stored`);
  return { id: row.id };
}

export async function disableStaff(db: D1Database, id: string, now: Date): Promise<void> {
  await setStaffDisabled(id, now).prepare(db).run();
}

export async function changeStaffPassword(db: D1Database, id: string, password: string, now: Date): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  await updateStaffPassword(id, await hashPassword(password), now)
    .prepare(db)
    .run();
}
