/** GET /admin/api/imports?limit=50 (staff: merchandiser, ops): the import history (import-history.ts). */
import type { ImportHistory } from "@domain/back-office/catalogue";
import { fail } from "../core/envelope";
import { reply, type Reply } from "../core/route";
import type { StaffContext } from "../core/staff-auth";
import { importHistory, MAX_HISTORY } from "./import-history";

export async function importHistoryRoute(ctx: StaffContext): Promise<Reply<ImportHistory>> {
  const raw = ctx.url.searchParams.get("limit") ?? "50";
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_HISTORY) {
    throw fail(422, `limit must be a whole number from 1 to ${MAX_HISTORY}`, "invalid", { field: "limit" });
  }
  const answer: ImportHistory = { imports: await importHistory(ctx.db, Number(raw)) };
  return reply(answer);
}
