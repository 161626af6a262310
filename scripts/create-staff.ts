/**
 * Creates a back-office staff account, or updates the one of the e-mail (name, role, new
 * password; enabled again; its sessions end).
 *
 *   npm run staff:create -- --email anna@bodenhaus.example --role merchandiser --name "Anna Berg" [--remote]
 *
 * Roles: merchandiser (catalogue, publishing, search report), service (sample orders, mail),
 * ops (everything). The password comes from the environment variable STAFF_PASSWORD, else
 * from a prompt when run in a terminal, else a random one is generated and printed once.
 * Without --remote the local database of `npm start` is written; with --remote the deployed
 * D1 (wrangler's login), where only the hash ever arrives.
 */
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline/promises";
import { newStaffProblems, staffUpsertStatement } from "@shop-api/core/staff/accounts";
import { STAFF_ROLES, type StaffRole } from "@shop-api/tables/staff";
import { runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { inlineSql } from "./lib/inline-sql";
import { applyLocalMigrations, queryRemoteD1, withLocalD1 } from "./local-d1";

async function promptPassword(): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await prompt.question("Password (at least 12 characters, empty: generate one): ");
  } finally {
    prompt.close();
  }
}

const COMMAND = {
  command: "npm run staff:create --",
  summary:
    "Creates a back-office staff account, or updates the one of the e-mail. The password comes from STAFF_PASSWORD, else a prompt in a terminal, else a random one printed once.",
  options: {
    email: { type: "string", required: true, value: "address", description: "the staff member's e-mail address (the login)" },
    role: {
      type: "string",
      required: true,
      choices: STAFF_ROLES,
      description: "merchandiser (catalogue, publishing), service (sample orders, mail), ops (everything)",
    },
    name: { type: "string", required: true, value: "full name", description: "the name the back office shows" },
    remote: { type: "boolean", description: "write the deployed D1 (wrangler's login) instead of the local one" },
  },
  examples: ['npm run staff:create -- --email anna@bodenhaus.example --role merchandiser --name "Anna Berg"'],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  const { values } = runCommandLine(COMMAND);
  let password = process.env.STAFF_PASSWORD ?? (process.stdin.isTTY ? await promptPassword() : "");
  const generated = password === "";
  if (generated) password = randomBytes(15).toString("base64url");
  const staff = { email: values.email, role: values.role as StaffRole, name: values.name, password };
  const problems = newStaffProblems(staff);
  if (problems.length > 0) throw new Error(problems.join("\n"));
  const statement = await staffUpsertStatement(staff, new Date());
  if (values.remote) {
    queryRemoteD1(inlineSql(statement));
  } else {
    await applyLocalMigrations();
    await withLocalD1(async (db) => {
      await statement.prepare(db).run();
    });
  }
  console.log(`Staff account ${staff.email.trim().toLowerCase()} (${staff.role}) saved in the ${values.remote ? "deployed" : "local"} database.`);
  if (generated) console.log(`Its password (shown only now): ${password}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
