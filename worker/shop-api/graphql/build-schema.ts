import { buildSchema, isObjectType, type GraphQLSchema } from "graphql";
import type { ResolverMap } from "./resolver-map";
import { typeDefs } from "./schema";
import { resolvers } from "./resolvers";

export type { ResolverMap } from "./resolver-map";

/** Sets `resolve` on the schema's fields; throws at startup when a resolver names a missing type or field. */
export function attachResolvers(schema: GraphQLSchema, map: ResolverMap): GraphQLSchema {
  const problems: string[] = [];
  for (const [typeName, fields] of Object.entries(map)) {
    const type = schema.getType(typeName);
    if (!type || !isObjectType(type)) {
      problems.push(`type ${typeName} is not an object type of the schema`);
      continue;
    }
    const schemaFields = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = schemaFields[fieldName];
      if (!field) {
        problems.push(`field ${typeName}.${fieldName} does not exist`);
        continue;
      }
      field.resolve = resolve;
    }
  }
  if (problems.length > 0) throw new Error(`GraphQL resolvers do not match the schema: ${problems.join("; ")}`);
  return schema;
}

/** The executable schema: the SDL of schema.ts with the resolvers of resolvers/. */
export function buildExecutableSchema(map: ResolverMap = resolvers): GraphQLSchema {
  return attachResolvers(buildSchema(typeDefs), map);
}
