/**
 * The mail outbox as tests read it: the kit's shop API has no mail transport, so every mail a
 * call enqueues stays in `mail_outbox`, where the tests find it.
 */
import type { D1Database } from "@cloudflare/workers-types";

export interface OutboxMail<Params = Record<string, unknown>> {
  id: number;
  shop_id: string;
  language: string;
  template: string;
  recipient: string;
  params: Params;
  dedupe_key: string | null;
}

/** The outbox's mails after `afterId` (an id from lastMailId; all without), oldest first. */
export async function mailsAfter<Params = Record<string, unknown>>(db: D1Database, afterId = 0): Promise<OutboxMail<Params>[]> {
  const { results } = await db
    .prepare("SELECT id, shop_id, language, template, recipient, params, dedupe_key FROM mail_outbox WHERE id > ? ORDER BY id")
    .bind(afterId)
    .all<Omit<OutboxMail, "params"> & { params: string }>();
  return results.map((row) => ({ ...row, params: JSON.parse(row.params) as Params }));
}

/** The id of the newest mail in the outbox (0 when it is empty). */
export const lastMailId = async (db: D1Database): Promise<number> =>
  (await db.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM mail_outbox").first<{ id: number }>())!.id;
