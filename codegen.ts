import type { CodegenConfig } from "@graphql-codegen/cli";

/**
 * GraphQL Code Generator: the TypeScript types of the catalogue's GraphQL layer come from its
 * schema, never from hand-written copies. `npm run codegen` writes them, `npm run codegen:check`
 * fails when the committed files are stale. Everything is read from files (no network). The output is
 * committed as written (prettier and eslint skip the generated/ folders, so the check compares like with like).
 */

/** The SDL (the `/* GraphQL *\/` string of typeDefs). */
const SCHEMA = "worker/shop-api/graphql/schema.ts";
/** The queries the static build sends. */
const BUILD_DOCUMENTS = "site/sourcing/queries.graphql";
/** Resolver types of the shop API's GraphQL layer. */
const RESOLVER_TYPES = "worker/shop-api/graphql/generated/resolvers.ts";
/** Result and variable types plus typed documents of the build's queries. */
const OPERATION_TYPES = "site/sourcing/generated/operations.ts";

const config: CodegenConfig = {
  schema: SCHEMA,
  overwrite: true,
  config: { avoidOptionals: { field: true, inputValue: false }, strictScalars: true, scalars: { ID: "string" } },
  generates: {
    [RESOLVER_TYPES]: {
      plugins: ["typescript", "typescript-resolvers"],
      config: {
        contextType: "../context#GraphQLContext",
        useTypeImports: true,
        makeResolverTypeCallable: true,
        /** What the resolvers hand to the fields of these types, where it is not the schema type itself. */
        mappers: {
          Product: "../sources#ProductSource",
          ProductPrice: "../sources#ProductPriceSource",
          ProductConnection: "../sources#ProductConnectionSource",
        },
      },
    },
    [OPERATION_TYPES]: {
      documents: BUILD_DOCUMENTS,
      plugins: ["typescript-operations", "typed-document-node"],
      config: { skipTypename: true, useTypeImports: true },
    },
  },
};

export default config;
