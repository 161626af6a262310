/**
 * The `projects` table (migrations/0021_customers.sql): a customer's named lists of
 * products. Every statement names the customer, so a project of another
 * customer is as unknown as one that never was. A name is unique per customer
 * (case-insensitive for ASCII letters).
 */
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface ProjectRow {
  id: number;
  customer_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface ProjectHead {
  id: number;
  name: string;
  updatedAt: string;
}

export const projectHeadOf = (row: Pick<ProjectRow, "id" | "name" | "updated_at">): ProjectHead => ({ id: row.id, name: row.name, updatedAt: row.updated_at });

/** The condition (on `projects`) of the customer's project of the id. */
export const ownProject = (customerId: string, projectId: number): SqlFragment => sql`projects.id = ${projectId} AND projects.customer_id = ${customerId}`;

export const selectProjects = (customerId: string): SqlFragment =>
  sql`SELECT id, name, updated_at FROM projects WHERE customer_id = ${customerId} ORDER BY updated_at DESC, id DESC`;

export const countProjects = (customerId: string): SqlFragment => sql`SELECT COUNT(*) AS n FROM projects WHERE customer_id = ${customerId}`;

export const selectProject = (customerId: string, projectId: number): SqlFragment =>
  sql`SELECT id, name, updated_at FROM projects WHERE ${ownProject(customerId, projectId)}`;

/** A new project unless the customer has one of the name (or `limit` projects already); returns its row. */
export const insertProject = (customerId: string, name: string, now: Date, limit: number): SqlFragment =>
  sql`INSERT INTO projects (customer_id, name, created_at, updated_at)
    SELECT ${customerId}, ${name}, ${now.toISOString()}, ${now.toISOString()}
    WHERE (SELECT COUNT(*) FROM projects WHERE customer_id = ${customerId}) < ${limit}
    ON CONFLICT (customer_id, name) DO NOTHING
    RETURNING id, name, updated_at`;

/** The project of the name, created when the customer has none (a merge); only when `when` holds. */
export const ensureProjectNamed = (customerId: string, name: string, now: Date, when: SqlFragment): SqlFragment =>
  sql`INSERT INTO projects (customer_id, name, created_at, updated_at) SELECT ${customerId}, ${name}, ${now.toISOString()}, ${now.toISOString()} WHERE ${when}
    ON CONFLICT (customer_id, name) DO UPDATE SET updated_at = excluded.updated_at`;

export const deleteProject = (customerId: string, projectId: number): SqlFragment =>
  sql`DELETE FROM projects WHERE ${ownProject(customerId, projectId)} RETURNING id`;

/** Marks the project changed now (its items changed); only the customer's. */
export const touchProject = (customerId: string, projectId: number, now: Date, when: SqlFragment = sql`1`): SqlFragment =>
  sql`UPDATE projects SET updated_at = ${now.toISOString()} WHERE ${ownProject(customerId, projectId)} AND ${when}`;
