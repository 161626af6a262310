/**
 * Cheap guards against expensive queries, applied before execution:
 * - query text size (checked by the HTTP handler before parsing),
 * - selection depth (fragments and inline fragments expanded),
 * - number of field selections and aliases (fragments expanded, so a fragment spread
 *   many times counts every time).
 * Introspection subtrees (__schema, __type) are skipped here; graphql-js bounds them with
 * MaxIntrospectionDepthRule, which is part of its specified rules.
 */
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";

export const MAX_QUERY_BYTES = 20 * 1024;
export const MAX_DEPTH = 10;
/** A full product page query with child products is about 300 field selections. */
export const MAX_FIELDS = 1000;
export const MAX_ALIASES = 200;

/** An error message when the query text is too large, else null. */
export function checkQuerySize(query: string): string | null {
  const bytes = new TextEncoder().encode(query).length;
  return bytes > MAX_QUERY_BYTES ? `Query is too large: ${bytes} bytes exceeds the limit of ${MAX_QUERY_BYTES}` : null;
}

interface Measure {
  depth: number;
  fields: number;
  aliases: number;
}

const INTROSPECTION_ROOTS = new Set(["__schema", "__type"]);

/**
 * Depth = the number of nested field selections: `{ shops { id } }` has depth 2.
 * Counting stops early once the field limit is exceeded, so a fragment bomb stays cheap.
 */
function measure(
  selectionSet: SelectionSetNode,
  getFragment: (name: string) => FragmentDefinitionNode | null | undefined,
  depth: number,
  acc: Measure,
  visiting: Set<string>,
): void {
  for (const selection of selectionSet.selections) {
    if (acc.fields > MAX_FIELDS) return;
    switch (selection.kind) {
      case Kind.FIELD: {
        if (depth === 0 && INTROSPECTION_ROOTS.has(selection.name.value)) continue;
        acc.fields += 1;
        if (selection.alias) acc.aliases += 1;
        acc.depth = Math.max(acc.depth, depth + 1);
        if (selection.selectionSet) measure(selection.selectionSet, getFragment, depth + 1, acc, visiting);
        break;
      }
      case Kind.INLINE_FRAGMENT:
        measure(selection.selectionSet, getFragment, depth, acc, visiting);
        break;
      case Kind.FRAGMENT_SPREAD: {
        const name = selection.name.value;
        const fragment = getFragment(name);
        // Unknown fragments and cycles are reported by the specified rules.
        if (!fragment || visiting.has(name)) break;
        visiting.add(name);
        measure(fragment.selectionSet, getFragment, depth, acc, visiting);
        visiting.delete(name);
        break;
      }
    }
  }
}

/** Measures an operation's selection set (exported for tests and tooling). */
export function measureSelection(selectionSet: SelectionSetNode, getFragment: (name: string) => FragmentDefinitionNode | null | undefined): Measure {
  const acc: Measure = { depth: 0, fields: 0, aliases: 0 };
  measure(selectionSet, getFragment, 0, acc, new Set());
  return acc;
}

/** Validation rule enforcing MAX_DEPTH, MAX_FIELDS and MAX_ALIASES per operation. */
export const QueryLimitsRule: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  OperationDefinition(node) {
    const { depth, fields, aliases } = measureSelection(node.selectionSet, (name) => context.getFragment(name));
    if (depth > MAX_DEPTH) {
      context.reportError(new GraphQLError(`Query is too deep: depth ${depth} exceeds the limit of ${MAX_DEPTH}`, { nodes: node }));
    }
    if (fields > MAX_FIELDS) {
      context.reportError(new GraphQLError(`Query is too complex: more than ${MAX_FIELDS} field selections`, { nodes: node }));
    }
    if (aliases > MAX_ALIASES) {
      context.reportError(new GraphQLError(`Query uses too many aliases: ${aliases} exceeds the limit of ${MAX_ALIASES}`, { nodes: node }));
    }
    return false;
  },
});
