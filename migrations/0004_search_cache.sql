-- Cheaper facets and a cache of result-set summaries for product search
-- (docs/decisions/0020-search-engine.md).
--
--   search_facet_sets  every distinct attribute set of search_items once: hits carry a small
--                      integer (search_items.facet_set) instead of the JSONB set, so
--                      attribute facets group integers and read a few hundred sets
--   search_state       the index version: every change of search_items, search_documents
--                      or the category tree (inside the import's transaction) bumps it
--   search_cache       counts and facet options of large result sets, valid only for the
--                      index version they were computed from
-- (No semicolons inside comments or string literals: the migration is split on them.)

CREATE TABLE search_facet_sets (
  id INTEGER PRIMARY KEY,
  facets BLOB NOT NULL UNIQUE              -- JSONB, as search_items.facets
);

ALTER TABLE search_items ADD COLUMN facet_set INTEGER NOT NULL DEFAULT 0;

CREATE TABLE search_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO search_state (id, version) VALUES (1, 1);

CREATE TABLE search_cache (
  key TEXT PRIMARY KEY,                    -- shop, language, match expressions, filters, kind
  version INTEGER NOT NULL,                -- search_state.version the body was computed from
  body TEXT NOT NULL                       -- JSON: totals and facet counts
);

-- ------------------------------------------------------------ fill from the existing index

INSERT INTO search_facet_sets (facets) SELECT DISTINCT facets FROM search_items;
UPDATE search_items SET facet_set = (SELECT s.id FROM search_facet_sets s WHERE s.facets = search_items.facets);

-- ------------------------------------------------------------ keep it in sync

CREATE TRIGGER search_facet_sets_ai AFTER INSERT ON search_items BEGIN
  INSERT OR IGNORE INTO search_facet_sets (facets) VALUES (NEW.facets);
  UPDATE search_items SET facet_set = (SELECT id FROM search_facet_sets WHERE facets = NEW.facets) WHERE id = NEW.id;
END;

CREATE TRIGGER search_facet_sets_au AFTER UPDATE OF facets ON search_items BEGIN
  INSERT OR IGNORE INTO search_facet_sets (facets) VALUES (NEW.facets);
  UPDATE search_items SET facet_set = (SELECT id FROM search_facet_sets WHERE facets = NEW.facets) WHERE id = NEW.id;
END;

CREATE TRIGGER search_version_items_ai AFTER INSERT ON search_items BEGIN
  UPDATE search_state SET version = version + 1;
END;
CREATE TRIGGER search_version_items_au AFTER UPDATE ON search_items BEGIN
  UPDATE search_state SET version = version + 1;
END;
CREATE TRIGGER search_version_items_ad AFTER DELETE ON search_items BEGIN
  UPDATE search_state SET version = version + 1;
END;
CREATE TRIGGER search_version_documents_ai AFTER INSERT ON search_documents BEGIN
  UPDATE search_state SET version = version + 1;
END;
CREATE TRIGGER search_version_documents_au AFTER UPDATE ON search_documents BEGIN
  UPDATE search_state SET version = version + 1;
END;
CREATE TRIGGER search_version_documents_ad AFTER DELETE ON search_documents BEGIN
  UPDATE search_state SET version = version + 1;
END;
-- A category filter includes the chosen categories' children.
CREATE TRIGGER search_version_categories_ai AFTER INSERT ON categories BEGIN
  UPDATE search_state SET version = version + 1;
END;
CREATE TRIGGER search_version_categories_au AFTER UPDATE OF parent_id ON categories BEGIN
  UPDATE search_state SET version = version + 1;
END;
CREATE TRIGGER search_version_categories_ad AFTER DELETE ON categories BEGIN
  UPDATE search_state SET version = version + 1;
END;
