import type { GraphQLFieldResolver } from "graphql";
import type { Resolvers } from "./generated/resolvers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldResolver = GraphQLFieldResolver<any, any, any>;
/** Type name → field name → resolver. Fields without a resolver read the property of the same name. */
export type ResolverMap = Record<string, Record<string, FieldResolver>>;

/** Merges the resolvers of several areas (typed by the schema's generated `Resolvers`); a field defined twice is a programming error. */
export function mergeResolvers(...maps: Resolvers[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      const target = (merged[typeName] ??= {});
      for (const [fieldName, resolve] of Object.entries(fields ?? {})) {
        if (target[fieldName]) throw new Error(`Resolver ${typeName}.${fieldName} is defined twice`);
        target[fieldName] = resolve;
      }
    }
  }
  return merged;
}
