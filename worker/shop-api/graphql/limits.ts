/**
 * Cheap guards against expensive queries, applied before execution:
 * - query text size (checked by the HTTP handler before parsing),
 * - selection depth (fragments and inline fragments expanded),
 * - number of field selections and aliases (fragments expanded, so a fragment spread
 *   many times counts every time),
 * - cost: the nodes (objects) the answer can hold, estimated with the variables' values
 *   (estimateNodes, checked by the HTTP handler after validation).
 * Introspection subtrees (__schema, __type) are skipped here; graphql-js bounds them with
 * MaxIntrospectionDepthRule, which is part of its specified rules.
 */
import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  GraphQLError,
  isCompositeType,
  isListType,
  isObjectType,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";

export const MAX_QUERY_BYTES = 20 * 1024;
export const MAX_DEPTH = 10;
/** A full product page query with child products is about 300 field selections. */
export const MAX_FIELDS = 1000;
export const MAX_ALIASES = 200;
/**
 * Length assumed for a list the catalogue decides and the client cannot page (attributes,
 * media, variants, options, categories ...): a typical product's.
 */
export const LIST_ESTIMATE = 4;
/**
 * Most nodes a request may ask for (docs/decisions/0027): about twice what the build's
 * largest query needs (a page of 200 products with every field the pages use, their latest
 * reviews included: 9,402; tests/unit/graphql-build-cost.test.ts keeps it so), under 95 pages
 * of 200 SKUs.
 */
export const MAX_NODES = 19_000;

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

interface CostWalk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/** The `first` argument of a field (its default included), or null when it has none or it is not a number. */
function pageSize(walk: CostWalk, field: GraphQLField<unknown, unknown>, node: FieldNode): number | null {
  if (!field.args.some((arg) => arg.name === "first")) return null;
  try {
    const first = getArgumentValues(field, node, walk.variables).first;
    return typeof first === "number" ? Math.max(0, first) : null;
  } catch {
    return null; // an invalid argument fails at execution
  }
}

/**
 * Nodes under a selection made for `count` parent objects. Every object field counts once
 * per parent. The client decides page sizes, so a page (a list under a field with
 * `first`, as `products(first: 200) { nodes }`) counts `first` objects per parent and
 * multiplies what is selected inside it. The catalogue decides the length of every other
 * list: it counts LIST_ESTIMATE objects per parent, and what is selected inside it counts
 * once per parent (multiplying guesses through nested lists, such as
 * `childProducts { childProducts }`, would price at millions what the data holds a few of).
 */
function nodesOf(walk: CostWalk, selectionSet: SelectionSetNode, parentType: GraphQLCompositeType, count: number, first: number | null): number {
  let nodes = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!selection.selectionSet || !isObjectType(parentType) || selection.name.value.startsWith("__")) continue;
      const field = parentType.getFields()[selection.name.value];
      const type = field && getNamedType(field.type);
      if (!field || !type || !isCompositeType(type)) continue;
      const isList = isListType(getNullableType(field.type));
      const inside = isList && first !== null ? count * first : count;
      const objects = isList && first === null ? count * LIST_ESTIMATE : inside;
      nodes += objects + nodesOf(walk, selection.selectionSet, type, inside, pageSize(walk, field, selection));
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : walk.fragments.get(selection.name.value);
      if (!fragment) continue;
      const conditionType = fragment.typeCondition ? walk.schema.getType(fragment.typeCondition.name.value) : parentType;
      if (conditionType && isCompositeType(conditionType)) nodes += nodesOf(walk, fragment.selectionSet, conditionType, count, first);
    }
  }
  return nodes;
}

/**
 * The nodes an operation's answer can hold, with the request's variables (their defaults
 * filled in); 0 when the variables do not fit the operation (execution refuses them).
 * Run it on a validated document: fragment cycles are refused by validation.
 */
export function estimateNodes(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | null,
): number {
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return 0;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (!("coerced" in coerced) || !coerced.coerced) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  return nodesOf({ schema, fragments, variables: coerced.coerced }, operation.selectionSet, rootType, 1, null);
}
