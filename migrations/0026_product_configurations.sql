-- Product configurators (docs/decisions/0044).
--
-- roof_window_components: the roof-window configuration of a product (componentType,
-- name, code, stepData), written by the catalogue import as a child table of the product
-- (replaced whole with the product). One row per step, in order; step_data is the JSON of the
-- step's choices: {"multiple": bool, "choices": [{"sku", "size"?, "fits"?: [size...]}]}.
CREATE TABLE roof_window_components (
  sku TEXT NOT NULL REFERENCES products(sku) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  component_type TEXT NOT NULL CHECK (component_type IN ('window', 'flashing', 'blind', 'accessories')),
  code TEXT NOT NULL,
  name TEXT NOT NULL,        -- JSON {language: text}
  required INTEGER NOT NULL DEFAULT 0 CHECK (required IN (0, 1)),
  step_data TEXT NOT NULL,   -- JSON, see above
  PRIMARY KEY (sku, code)
);
CREATE UNIQUE INDEX roof_window_components_order ON roof_window_components(sku, position);

-- Stored product configurations (PUT /apiv2/configuration/store/1/{configurationId}/product/{productId}):
-- a visitor's configuration of a product, named by an id the client chooses. Scoped to the
-- visitor, so the same id of another visitor is another configuration; gone with the visitor.
CREATE TABLE product_configurations (
  visitor_id TEXT NOT NULL REFERENCES visitors(id) ON DELETE CASCADE,
  shop_id TEXT NOT NULL,
  configuration_id TEXT NOT NULL,
  product_sku TEXT NOT NULL,
  input TEXT NOT NULL,       -- JSON of the validated input (options or components, quantity)
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (visitor_id, shop_id, configuration_id, product_sku)
);
