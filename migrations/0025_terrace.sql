-- The terrace planner (docs/decisions/0043-terrace-planner-api.md).
-- terrace_products, terrace_families and terrace_systems are catalogue data: written only by
-- the catalogue import (worker/shop-api/catalogue/, sections products[].terrace,
-- terraceFamilies, terraceSystems). terrace_configurations is written by
-- worker/shop-api/terrace; inquiries.configuration_number by worker/shop-api/inquiries.

-- What the planner knows of a product: a decking board (its family, stock length, width and
-- the gap laid between boards) or a part of a substructure (joist and edge board with their
-- stock length; pedestal, adjustable foot, clip, screw). Replaced with its product.
CREATE TABLE terrace_products (
  sku TEXT PRIMARY KEY REFERENCES products(sku) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('board', 'joist', 'pedestal', 'foot', 'clip', 'screw', 'edge')),
  family TEXT,                             -- boards: terrace_families.family (checked by the import)
  length_mm INTEGER CHECK (length_mm IS NULL OR length_mm > 0),   -- boards, joists, edge boards: the stock length
  width_mm INTEGER CHECK (width_mm IS NULL OR width_mm > 0),      -- boards
  gap_mm REAL CHECK (gap_mm IS NULL OR gap_mm >= 0),              -- boards: the joint between two boards
  conf_enabled INTEGER NOT NULL DEFAULT 0 CHECK (conf_enabled IN (0, 1))   -- terraceConfEnabled: offered by the planner
);
CREATE INDEX terrace_products_boards ON terrace_products(role, conf_enabled);

-- The laying rules of a product family (wood, WPC, ...), data from the import.
CREATE TABLE terrace_families (
  family TEXT PRIMARY KEY,
  max_joist_spacing_straight_cm INTEGER NOT NULL CHECK (max_joist_spacing_straight_cm > 0),
  max_joist_spacing_diagonal_cm INTEGER NOT NULL CHECK (max_joist_spacing_diagonal_cm > 0),
  joist_overhang_cm INTEGER NOT NULL CHECK (joist_overhang_cm >= 0),
  support_spacing_cm INTEGER NOT NULL CHECK (support_spacing_cm > 0),   -- pedestals or feet along a joist
  fasteners_per_crossing INTEGER NOT NULL CHECK (fasteners_per_crossing >= 0),
  updated_at TEXT NOT NULL
);

-- A substructure a visitor can choose for the boards of a family: which products make it.
CREATE TABLE terrace_systems (
  id TEXT PRIMARY KEY,
  family TEXT NOT NULL,                    -- terrace_families.family
  kind TEXT NOT NULL CHECK (kind IN ('joists_pedestals', 'joists_feet')),
  position INTEGER NOT NULL DEFAULT 0,
  joist_sku TEXT,                          -- products with terrace role joist, support pedestal/foot, fastener clip/screw, edge edge
  support_sku TEXT,
  fastener_sku TEXT,
  edge_sku TEXT,
  names TEXT NOT NULL DEFAULT '{}',        -- JSON {language: name}
  updated_at TEXT NOT NULL
);
CREATE INDEX terrace_systems_family ON terrace_systems(family, position);

-- A saved terrace plan. Its number is what the visitor types to load it on any device:
-- 10 characters of Crockford's base32 (50 random bits), so nobody can guess another's.
-- The bill is not stored: it is computed on the shop's catalogue whenever the plan is read.
CREATE TABLE terrace_configurations (
  number TEXT PRIMARY KEY CHECK (length(number) = 10 AND number NOT GLOB '*[^0-9A-HJKMNP-TV-Z]*'),
  shop_id TEXT NOT NULL,
  plan TEXT NOT NULL CHECK (json_valid(plan) AND length(plan) <= 65536),   -- the TerracePlan as JSON
  created_at TEXT NOT NULL
);
CREATE INDEX terrace_configurations_created ON terrace_configurations(created_at);

-- An offer request may name the terrace configuration it asks about.
ALTER TABLE inquiries ADD COLUMN configuration_number TEXT;
