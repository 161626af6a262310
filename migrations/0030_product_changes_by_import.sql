-- Builds read the products the imports after the last one they sourced changed
-- (GraphQL changedAfterImport, catalogueChanges(afterImport)): by import id, not by time.
CREATE INDEX product_changes_import ON product_changes(import_id);
