/**
 * The `project_items` table (migrations/0021_customers.sql): one line per product of a
 * project, quantities in packages (1..MAX_QUANTITY). Adding a product a project has sums
 * the quantities in one atomic upsert (capped at MAX_QUANTITY), so concurrent additions
 * all land. Every statement reaches a line through its project and the project's customer.
 */
import { MAX_QUANTITY } from "@domain/quantity";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { listedIn, mainImage, productTitle } from "./products";

/** A line with what the project view shows of its product in the shop and language (selectProjectItems). */
export interface ProjectItemViewRow {
  id: number;
  project_id: number;
  sku: string;
  quantity: number;
  title: string;
  slug: string | null;
  unit: string | null;
  image: string | null;
  package_price: number | null;
  /** 1 when the shop sells the product (active and listed). */
  listed: number;
  /** 1 when the product can go into the cart now (listed, priced, not at its end of life, in stock, not configurable). */
  available: number;
}

/** The condition (on `project_items`) of a line of the customer's project. */
const ownLine = (customerId: string, projectId: number, itemId: number): SqlFragment =>
  sql`project_items.id = ${itemId} AND project_items.project_id = ${projectId}
    AND EXISTS (SELECT 1 FROM projects WHERE projects.id = ${projectId} AND projects.customer_id = ${customerId})`;

/** The lines of the customer's projects (all, or the ones listed), with their products in the shop and language. */
export function selectProjectItems(customerId: string, shopId: string, language: string, projectIds?: readonly number[]): SqlFragment {
  const only = projectIds ? sql`AND i.project_id IN (SELECT value FROM json_each(${JSON.stringify(projectIds)}))` : sql``;
  return sql`SELECT i.id, i.project_id, i.sku, i.quantity,
      COALESCE(${productTitle(language)}, i.sku) AS title,
      (SELECT slug FROM product_content WHERE sku = i.sku AND language = ${language}) AS slug,
      p.unit, ${mainImage(sql`i.sku`)} AS image, pr.package_price,
      CASE WHEN ${listedIn(shopId)} THEN 1 ELSE 0 END AS listed,
      CASE WHEN ${listedIn(shopId)} AND pr.package_price IS NOT NULL AND p.reached_eol = 0 AND p.stock_qty > 0 AND p.type <> 'configurable' THEN 1 ELSE 0 END AS available
    FROM project_items i JOIN projects pj ON pj.id = i.project_id
    LEFT JOIN products p ON p.sku = i.sku
    LEFT JOIN prices pr ON pr.sku = i.sku AND pr.shop_id = ${shopId}
    WHERE pj.customer_id = ${customerId} ${only}
    ORDER BY i.project_id, i.id`;
}

/**
 * Adds the product to the customer's project, or sums its quantity into the line the
 * project has (at most MAX_QUANTITY); a new line only while the project has fewer than
 * `maxLines`. Only when `when` holds. Returns the line.
 */
export function addProjectItem(
  customerId: string,
  projectId: number,
  sku: string,
  quantity: number,
  now: Date,
  maxLines: number,
  when: SqlFragment = sql`1`,
): SqlFragment {
  return sql`INSERT INTO project_items (project_id, sku, quantity, added_at)
    SELECT ${projectId}, ${sku}, ${quantity}, ${now.toISOString()}
    WHERE EXISTS (SELECT 1 FROM projects WHERE projects.id = ${projectId} AND projects.customer_id = ${customerId}) AND ${when}
      AND ((SELECT COUNT(*) FROM project_items WHERE project_id = ${projectId}) < ${maxLines}
        OR EXISTS (SELECT 1 FROM project_items WHERE project_id = ${projectId} AND sku = ${sku}))
    ON CONFLICT (project_id, sku) DO UPDATE SET quantity = MIN(${MAX_QUANTITY}, project_items.quantity + excluded.quantity)
    RETURNING id, quantity`;
}

/**
 * A merge's lines: the products into the customer's project of the name (ensureProjectNamed
 * before it in the batch), each summed into the line of the same product (at most
 * MAX_QUANTITY), lines of one product in the list summed too. One statement for all of a
 * project's lines; no line limit (a merge never drops a line). Only when `when` holds.
 */
export function mergeProjectItems(
  customerId: string,
  projectName: string,
  items: readonly { sku: string; quantity: number }[],
  now: Date,
  when: SqlFragment,
): SqlFragment {
  return sql`INSERT INTO project_items (project_id, sku, quantity, added_at)
    SELECT pj.id, json_extract(j.value, '$.sku'), json_extract(j.value, '$.quantity'), ${now.toISOString()}
    FROM projects pj, json_each(${JSON.stringify(items.map(({ sku, quantity }) => ({ sku, quantity })))}) j
    WHERE pj.customer_id = ${customerId} AND pj.name = ${projectName} AND ${when}
    ON CONFLICT (project_id, sku) DO UPDATE SET quantity = MIN(${MAX_QUANTITY}, project_items.quantity + excluded.quantity)`;
}

export const setProjectItemQuantity = (customerId: string, projectId: number, itemId: number, quantity: number): SqlFragment =>
  sql`UPDATE project_items SET quantity = ${quantity} WHERE ${ownLine(customerId, projectId, itemId)} RETURNING id`;

export const deleteProjectItem = (customerId: string, projectId: number, itemId: number): SqlFragment =>
  sql`DELETE FROM project_items WHERE ${ownLine(customerId, projectId, itemId)} RETURNING id`;
