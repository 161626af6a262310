/**
 * The customer account's cron work (run by scheduled.ts every 5 minutes): deletes ended
 * sessions ENDED_SESSION_RETENTION_MS after they ended, mail tokens EXPIRED_TOKEN_RETENTION_MS
 * after they expired, and registrations never confirmed PENDING_ACCOUNT_RETENTION_MS after
 * their last change (docs/decisions/0037).
 */
import type { D1Database } from "@cloudflare/workers-types";
import { deleteEndedSessions } from "../tables/customer-sessions";
import { deleteExpiredTokens } from "../tables/customer-tokens";
import { deleteStalePendingAccounts } from "../tables/customers";

const DAY_MS = 24 * 60 * 60 * 1000;
export const ENDED_SESSION_RETENTION_MS = 30 * DAY_MS;
export const EXPIRED_TOKEN_RETENTION_MS = 7 * DAY_MS;
export const PENDING_ACCOUNT_RETENTION_MS = 30 * DAY_MS;
/** Rows a run deletes per kind at most (a backlog is worked off over the next runs). */
const DELETE_BATCH = 1000;

export interface CustomerJobReport {
  sessionsDeleted: number;
  tokensDeleted: number;
  pendingAccountsDeleted: number;
}

export async function runCustomerJobs(db: D1Database, now: Date): Promise<CustomerJobReport> {
  const [sessions, tokens, pending] = await db.batch([
    deleteEndedSessions(new Date(now.getTime() - ENDED_SESSION_RETENTION_MS), DELETE_BATCH).prepare(db),
    deleteExpiredTokens(new Date(now.getTime() - EXPIRED_TOKEN_RETENTION_MS), DELETE_BATCH).prepare(db),
    deleteStalePendingAccounts(new Date(now.getTime() - PENDING_ACCOUNT_RETENTION_MS), DELETE_BATCH).prepare(db),
  ]);
  return {
    sessionsDeleted: sessions!.meta.changes ?? 0,
    tokensDeleted: tokens!.meta.changes ?? 0,
    pendingAccountsDeleted: pending!.meta.changes ?? 0,
  };
}
