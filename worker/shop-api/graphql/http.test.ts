import type { D1Database } from "@cloudflare/workers-types";
import { getIntrospectionQuery } from "graphql";
import type { TestDatabase } from "@tests/kit/d1";
import { getSchema, handleGraphQL } from "./http";
import { MAX_QUERY_BYTES } from "./limits";
import { gql, send, useSeededCatalogue } from "@tests/kit/graphql";

const catalogue = useSeededCatalogue();
let testDb: TestDatabase;
let db: D1Database;
beforeAll(() => {
  testDb = catalogue.database();
  db = testDb.db;
});

const URL_BASE = "https://shop.example/graphql";
const post = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
  send(db, new Request(URL_BASE, { method: "POST", headers, body }));

/** `{ a { a { ... } } }` style nesting through product → childProducts. */
function nested(depth: number): string {
  // products(1) nodes(2) then childProducts per level, closing with sku.
  let selection = "sku";
  for (let level = 3; level < depth; level++) selection = `childProducts { ${selection} }`;
  return `{ products(shop: "DE", language: "de") { nodes { ${selection} } } }`;
}

describe("GraphQL over HTTP", () => {
  test("POST application/json returns data", async () => {
    const response = await gql(db, `query Q($id: ID!) { shop(id: $id) { id } }`, { id: "DE" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body).toEqual({ data: { shop: { id: "DE" } } });
  });

  test("GET with query and variables", async () => {
    const url = `${URL_BASE}?query=${encodeURIComponent("query Q($id: ID!) { shop(id: $id) { name } }")}&variables=${encodeURIComponent(JSON.stringify({ id: "CH" }))}`;
    const response = await send(db, new Request(url));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { shop: { name: "Bodenhaus Schweiz" } } });
  });

  test("GET without query or with broken variables is 400", async () => {
    expect((await send(db, new Request(URL_BASE))).status).toBe(400);
    const response = await send(db, new Request(`${URL_BASE}?query=${encodeURIComponent("{ shops { id } }")}&variables=%7Bnope`));
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toBe("variables is not valid JSON");
  });

  test("GET cannot carry a mutation", async () => {
    const response = await send(db, new Request(`${URL_BASE}?query=${encodeURIComponent("mutation { x }")}`));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    // POSTed, it fails at execution (the schema has no mutations) without data: 400.
    const posted = await post(JSON.stringify({ query: "mutation { x }" }));
    expect(posted.status).toBe(400);
    expect(posted.body.errors[0].message).toMatch(/mutation/);
  });

  test("malformed JSON is 400", async () => {
    const response = await post("{ not json");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: [{ message: "Request body is not valid JSON" }] });
  });

  test("a body without a query string is 400", async () => {
    expect((await post(JSON.stringify({ variables: {} }))).status).toBe(400);
    expect((await post(JSON.stringify([1, 2]))).status).toBe(400);
    expect((await post(JSON.stringify({ query: "{ shops { id } }", variables: [1] }))).status).toBe(400);
  });

  test("a non-JSON content type is 415", async () => {
    expect((await post("{ shops { id } }", { "content-type": "text/plain" })).status).toBe(415);
  });

  test("a body over 100 KB is 413", async () => {
    const response = await post(JSON.stringify({ query: `{ shops { id } } #${"x".repeat(110 * 1024)}` }));
    expect(response.status).toBe(413);
  });

  test("other methods are 405 with Allow", async () => {
    const response = await send(db, new Request(URL_BASE, { method: "PUT", body: "{}" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
  });

  test("a syntax error is 400 with locations, not 500", async () => {
    const response = await gql(db, "{ shops { id }");
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toMatch(/^Syntax Error/);
    expect(response.body.errors[0].locations).toEqual([{ line: 1, column: 15 }]);
  });

  test("an unknown field is 400", async () => {
    const response = await gql(db, "{ shops { id colour } }");
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toBe('Cannot query field "colour" on type "Shop".');
    expect(response.body.errors[0].locations).toEqual([{ line: 1, column: 14 }]);
  });

  test("a variable of the wrong type is 400", async () => {
    const response = await gql(db, `query Q($first: Int) { products(shop: "DE", language: "de", first: $first) { totalCount } }`, { first: "many" });
    expect(response.status).toBe(400);
    expect(response.body.data).toBeUndefined();
  });

  test("resolver errors are 200 with data and messages only", async () => {
    const response = await gql(db, `{ shops { id } products(shop: "DE", language: "de", first: 500) { totalCount } }`);
    expect(response.status).toBe(200);
    expect(response.body.data).toBeNull(); // products is non-null, so the error nulls the whole data
    expect(response.body.errors).toEqual([{ message: "first must be between 1 and 200", locations: [{ line: 1, column: 16 }], path: ["products"] }]);
  });

  test("unexpected errors are logged and reported as Internal error", async () => {
    const broken = {
      prepare: () => {
        throw new Error("D1_ERROR: secret detail");
      },
    } as unknown as D1Database;
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await send(
        broken,
        new Request(URL_BASE, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: '{ categories(shop: "DE", language: "de") { id } }' }),
        }),
      );
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain("secret");
      expect(response.body.errors[0].message).toBe("Internal error");
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe("query limits", () => {
  test("depth 10 is allowed, 11 is rejected with 400", async () => {
    const ok = await gql(db, nested(10));
    expect(ok.status).toBe(200);
    const deep = await gql(db, nested(11));
    expect(deep.status).toBe(400);
    expect(deep.body.errors[0].message).toBe("Query is too deep: depth 11 exceeds the limit of 10");
  });

  test("depth counts through fragments and inline fragments", async () => {
    const query = `
      query { products(shop: "DE", language: "de") { nodes { ...Level1 } } }
      # products 1, nodes 2, childProducts 3..10, sku 11
      fragment Level1 on Product { childProducts { ... on Product { ...Level2 } } }
      fragment Level2 on Product { childProducts { childProducts { childProducts { childProducts { childProducts { childProducts { childProducts { sku } } } } } } } }`;
    const response = await gql(db, query);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toBe("Query is too deep: depth 11 exceeds the limit of 10");
  });

  test("too many aliases are rejected", async () => {
    const fields = Array.from({ length: 201 }, (_, i) => `a${i}: shops { id }`).join(" ");
    const response = await gql(db, `{ ${fields} }`);
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { message: string }) => e.message)).toContain("Query uses too many aliases: 201 exceeds the limit of 200");
  });

  test("a fragment spread many times counts every time", async () => {
    const query = `{ ${Array.from({ length: 150 }, (_, i) => `s${i}: shops { ...F }`).join(" ")} } fragment F on Shop { id name currency taxRate languages defaultLanguage baseUrl }`;
    const response = await gql(db, query);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toBe("Query is too complex: more than 1000 field selections");
  });

  test("query text over the size limit is rejected", async () => {
    const response = await gql(db, `{ shops { id } } #${"x".repeat(MAX_QUERY_BYTES)}`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toMatch(/^Query is too large/);
  });

  test("the standard introspection query passes the limits", async () => {
    const response = await gql(db, getIntrospectionQuery());
    expect(response.status).toBe(200);
    expect(response.body.data.__schema.queryType.name).toBe("Query");
  });

  test("the schema is built once", () => {
    expect(getSchema()).toBe(getSchema());
    expect(typeof handleGraphQL).toBe("function");
  });
});
