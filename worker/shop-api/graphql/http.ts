/**
 * GraphQL over HTTP for the shop API's /graphql route.
 *
 *   POST application/json {query, variables?, operationName?}
 *   GET  ?query=...&variables=...&operationName=...   (queries only)
 *
 * The route (graphqlRoute) answers only the build: `Authorization: Bearer <GRAPHQL_TOKEN>`
 * in every environment, nothing a browser marks as cross-site (403), and introspection
 * only in development (docs/decisions/0027).
 *
 * Request errors (malformed JSON, syntax, validation, limits and cost, bad variables) → 400
 * with {errors}; body over 100 KB → 413; other methods → 405. Execution errors → 200 with
 * {data, errors}; errors that are not GraphQL/user errors are logged and reported as
 * "Internal error" without details.
 */
import { readLimitedText } from "@worker/lib/read-limited-body";
import type { ApiContext } from "../core/context";
import { isCrossSite } from "../core/cross-site";
import { jsonResponse } from "../core/envelope";
import { requireServiceToken } from "../core/service-token";
import { shopDatabase } from "../core/shop-database";
import type { D1Database } from "@cloudflare/workers-types";
import {
  execute,
  getOperationAST,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from "graphql";
import { buildExecutableSchema } from "./build-schema";
import { createContext, type ContextOptions } from "./context";
import { checkQuerySize, estimateNodes, MAX_NODES, QueryLimitsRule } from "./limits";

export const MAX_BODY_BYTES = 100 * 1024;
const ALLOW = "GET, POST";
const RULES = [...specifiedRules, QueryLimitsRule];
const RULES_WITHOUT_INTROSPECTION = [...RULES, NoSchemaIntrospectionCustomRule];
/** Where `__schema` and `__type` are answered: on this machine (`npm start`, and the browser tests' environment). */
const INTROSPECTION_ENVIRONMENTS: ReadonlySet<string> = new Set(["development", "test"]);

export interface GraphQLOptions extends ContextOptions {
  /** Answer `__schema` and `__type` (default: refuse them). */
  introspection?: boolean;
}

let cachedSchema: GraphQLSchema | undefined;

/** The executable schema, built once per isolate. */
export function getSchema(): GraphQLSchema {
  cachedSchema ??= buildExecutableSchema();
  return cachedSchema;
}

interface ErrorBody {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
}

interface GraphQLParams {
  query: string;
  variables: Record<string, unknown> | null;
  operationName: string | null;
}

/** GraphQL answers keep the GraphQL-over-HTTP body ({data, errors}) with the shop API's JSON headers. */
const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response => jsonResponse(body, status, headers);

const failure = (status: number, message: string, headers?: Record<string, string>) => json(status, { errors: [{ message }] }, headers);

/** Client-facing form of an error: GraphQL and user errors keep their message, anything else is masked. */
export function formatError(error: GraphQLError): ErrorBody {
  const original = error.originalError;
  if (original && !(original instanceof GraphQLError)) {
    console.error("GraphQL resolver failed", error.path?.join("."), original);
    return { message: "Internal error", ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) };
  }
  return {
    message: error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads params from the request, or returns the error response. */
async function readParams(request: Request): Promise<GraphQLParams | Response> {
  if (request.method === "GET") {
    const url = new URL(request.url);
    const query = url.searchParams.get("query");
    if (!query) return failure(400, "query parameter is required");
    const rawVariables = url.searchParams.get("variables");
    let variables: unknown = null;
    if (rawVariables) {
      try {
        variables = JSON.parse(rawVariables);
      } catch {
        return failure(400, "variables is not valid JSON");
      }
    }
    if (variables !== null && !isObject(variables)) return failure(400, "variables must be an object");
    return { query, variables, operationName: url.searchParams.get("operationName") || null };
  }

  const contentType = request.headers.get("content-type") ?? "";
  if (contentType && !/json/i.test(contentType)) {
    return failure(415, "Content-Type must be application/json");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return failure(413, `Request body exceeds ${MAX_BODY_BYTES} bytes`);
  const text = await readLimitedText(request.body, MAX_BODY_BYTES);
  if (text === null) return failure(413, `Request body exceeds ${MAX_BODY_BYTES} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failure(400, "Request body is not valid JSON");
  }
  if (!isObject(body)) return failure(400, "Request body must be a JSON object");
  if (typeof body.query !== "string" || body.query.trim() === "") return failure(400, "query must be a non-empty string");
  if (body.variables != null && !isObject(body.variables)) return failure(400, "variables must be an object");
  if (body.operationName != null && typeof body.operationName !== "string") return failure(400, "operationName must be a string");
  return {
    query: body.query,
    variables: (body.variables as Record<string, unknown> | undefined) ?? null,
    operationName: (body.operationName as string | undefined) ?? null,
  };
}

/** /graphql in the shop API's route table: see the module comment. */
export async function graphqlRoute(ctx: ApiContext): Promise<Response> {
  if (isCrossSite(ctx.request)) return failure(403, "Cross-site requests are not allowed");
  await requireServiceToken(ctx, "GRAPHQL_TOKEN", "graphql");
  const introspection = INTROSPECTION_ENVIRONMENTS.has(ctx.env.ENVIRONMENT_NAME ?? "production");
  return handleGraphQL(ctx.request, ctx.db, { now: () => ctx.now, introspection, shopDatabase: (shopId) => shopDatabase(ctx.env, shopId) });
}

export async function handleGraphQL(request: Request, db: D1Database, options: GraphQLOptions = {}): Promise<Response> {
  if (request.method !== "GET" && request.method !== "POST") {
    return failure(405, `Method ${request.method} is not allowed`, { allow: ALLOW });
  }
  const params = await readParams(request);
  if (params instanceof Response) return params;

  const tooLarge = checkQuerySize(params.query);
  if (tooLarge) return failure(400, tooLarge);

  const schema = getSchema();
  let document: DocumentNode;
  try {
    document = parse(params.query);
  } catch (error) {
    if (error instanceof GraphQLError) return json(400, { errors: [formatError(error)] });
    throw error;
  }
  const validationErrors = validate(schema, document, options.introspection ? RULES : RULES_WITHOUT_INTROSPECTION);
  if (validationErrors.length > 0) return json(400, { errors: validationErrors.map(formatError) });

  const operation = getOperationAST(document, params.operationName);
  if (operation && request.method === "GET" && operation.operation !== "query") {
    return failure(405, `Only queries can be sent with GET, use POST for ${operation.operation}s`, { allow: "POST" });
  }
  if (operation && !schema.getRootType(operation.operation)) {
    return failure(400, `This API does not support ${operation.operation} operations`);
  }
  const nodes = operation ? estimateNodes(schema, document, operation, params.variables) : 0;
  if (nodes > MAX_NODES) return failure(400, `Query is too expensive: about ${nodes} nodes exceeds the limit of ${MAX_NODES}`);

  let result: ExecutionResult;
  try {
    result = await execute({
      schema,
      document,
      variableValues: params.variables,
      operationName: params.operationName,
      contextValue: createContext(db, options),
    });
  } catch (error) {
    console.error("GraphQL execution failed", error);
    return failure(500, "Internal error");
  }

  const errors = result.errors?.map(formatError);
  // No data at all: the request could not be executed (bad variables, unknown operation).
  if (result.data === undefined) return json(400, { errors: errors ?? [{ message: "Request could not be executed" }] });
  return json(200, errors && errors.length > 0 ? { data: result.data, errors } : { data: result.data });
}
