/**
 * The tables of the product configurators (migrations/0026_product_configurations.sql):
 * `roof_window_components`, the steps of a product's roof-window configuration
 * (componentType, name, code, stepData; written by the catalogue import), and
 * `product_configurations`, a visitor's stored configurations of products
 * (PUT .../configuration/store/1/{configurationId}/product/{productId}).
 */
import type { RoofWindowComponentType } from "@domain/api/configurators";
import { parseJsonOr } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface RoofWindowComponentRow {
  sku: string;
  position: number;
  component_type: RoofWindowComponentType;
  code: string;
  /** JSON {language: text}. */
  name: string;
  required: number;
  /** JSON StepData. */
  step_data: string;
}

export interface StepChoice {
  sku: string;
  /** Windows: their size code (e.g. CK02). */
  size?: string;
  /** Other components: the window sizes they fit; absent: every size. */
  fits?: string[];
}

export interface StepData {
  multiple: boolean;
  choices: StepChoice[];
}

export interface RoofWindowStep {
  componentType: RoofWindowComponentType;
  code: string;
  /** In the request's language, falling back to German, then to any language, then to the code. */
  name: string;
  required: boolean;
  stepData: StepData;
}

export function roofWindowStepOf(row: RoofWindowComponentRow, language: string): RoofWindowStep {
  const names = parseJsonOr<Record<string, string>>(row.name, {});
  const data = parseJsonOr<Partial<StepData>>(row.step_data, {});
  return {
    componentType: row.component_type,
    code: row.code,
    name: names[language] ?? names.de ?? Object.values(names)[0] ?? row.code,
    required: row.required === 1,
    stepData: { multiple: data.multiple === true, choices: Array.isArray(data.choices) ? data.choices : [] },
  };
}

export const selectRoofWindowSteps = (sku: string): SqlFragment =>
  sql`SELECT sku, position, component_type, code, name, required, step_data FROM roof_window_components WHERE sku = ${sku} ORDER BY position`;

export interface ProductConfigurationRow {
  visitor_id: string;
  shop_id: string;
  configuration_id: string;
  product_sku: string;
  /** JSON of the validated input. */
  input: string;
  created_at: string;
  updated_at: string;
}

export interface StoredConfiguration {
  configurationId: string;
  productId: string;
  input: unknown;
  createdAt: string;
  updatedAt: string;
}

export const storedConfigurationOf = (row: ProductConfigurationRow): StoredConfiguration => ({
  configurationId: row.configuration_id,
  productId: row.product_sku,
  input: parseJsonOr<unknown>(row.input, null),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Stores (or replaces) the visitor's configuration `configurationId` of the product; conditioned on `holds`. An unchanged input keeps its updated_at. */
export function upsertConfiguration(
  visitorId: string,
  shopId: string,
  configurationId: string,
  sku: string,
  input: string,
  now: Date,
  holds: SqlFragment,
): SqlFragment {
  const at = now.toISOString();
  return sql`INSERT INTO product_configurations (visitor_id, shop_id, configuration_id, product_sku, input, created_at, updated_at)
    SELECT ${visitorId}, ${shopId}, ${configurationId}, ${sku}, ${input}, ${at}, ${at} WHERE ${holds}
    ON CONFLICT (visitor_id, shop_id, configuration_id, product_sku) DO UPDATE SET input = excluded.input,
      updated_at = CASE WHEN product_configurations.input = excluded.input THEN product_configurations.updated_at ELSE excluded.updated_at END`;
}

/** Refuses ('too_many_configurations') a new configuration when the visitor holds `limit` in the shop already. */
export const configurationLimitCheck = (visitorId: string, shopId: string, configurationId: string, sku: string, limit: number): SqlFragment =>
  sql`SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM product_configurations WHERE visitor_id = ${visitorId} AND shop_id = ${shopId}
      AND configuration_id = ${configurationId} AND product_sku = ${sku})
    AND (SELECT COUNT(*) FROM product_configurations WHERE visitor_id = ${visitorId} AND shop_id = ${shopId}) >= ${limit}
    THEN 'too_many_configurations' END AS refusal`;

export const selectConfiguration = (visitorId: string, shopId: string, configurationId: string, sku: string): SqlFragment =>
  sql`SELECT visitor_id, shop_id, configuration_id, product_sku, input, created_at, updated_at FROM product_configurations
    WHERE visitor_id = ${visitorId} AND shop_id = ${shopId} AND configuration_id = ${configurationId} AND product_sku = ${sku}`;
