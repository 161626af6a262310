import { sql } from "@worker/lib/sql";
import { inlineSql } from "./inline-sql";

describe("inlineSql", () => {
  it("writes strings quoted with doubled quotes, numbers and NULL", () => {
    expect(inlineSql(sql`INSERT INTO t VALUES (${"O'Brien"}, ${8.1}, ${null})`)).toBe("INSERT INTO t VALUES ('O''Brien', 8.1, NULL)");
  });
  it("keeps a hostile string inside its literal", () => {
    expect(inlineSql(sql`SELECT ${"x'); DROP TABLE shops; --"}`)).toBe("SELECT 'x''); DROP TABLE shops; --'");
  });
  it("refuses values it cannot write", () => {
    expect(() => inlineSql(sql`SELECT ${Number.NaN}`)).toThrow("cannot write NaN");
    expect(() => inlineSql(sql`SELECT ${{}}`)).toThrow("cannot write a object");
  });
});
