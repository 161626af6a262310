/** The `captcha_solutions` table: ALTCHA solutions already accepted, kept until their challenge expires (migrations/0009). */
import { sql, type SqlFragment } from "@worker/lib/sql";

/** Records a solution; returns its row only the first time (a reused solution returns none). */
export const spendSolution = (signature: string, expiresAt: number): SqlFragment =>
  sql`INSERT INTO captcha_solutions (signature, expires_at) VALUES (${signature}, ${expiresAt}) ON CONFLICT (signature) DO NOTHING RETURNING signature`;

export const deleteExpiredSolutions = (now: Date): SqlFragment => sql`DELETE FROM captcha_solutions WHERE expires_at <= ${Math.floor(now.getTime() / 1000)}`;
