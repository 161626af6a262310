import { joinSql, param, sql, SqlFragment } from "./sql";

describe("sql", () => {
  it("binds every interpolated value as a numbered parameter", () => {
    const fragment = sql`SELECT * FROM t WHERE a = ${1} AND b = ${"x"}`;
    expect(fragment.render()).toEqual({ text: "SELECT * FROM t WHERE a = ?1 AND b = ?2", params: [1, "x"] });
  });

  it("inlines fragments with their parameters, in order", () => {
    const where = joinSql([sql`a = ${1}`, sql`b = ${2}`], " AND ");
    expect(sql`SELECT ${3} WHERE ${where} LIMIT ${4}`.render()).toEqual({ text: "SELECT ?1 WHERE a = ?2 AND b = ?3 LIMIT ?4", params: [3, 1, 2, 4] });
  });

  it("binds a param() once however often it is named, also through nested fragments", () => {
    const language = param("de");
    const inner = sql`lang = ${language}`;
    expect(sql`SELECT ${language}, ${5} WHERE ${inner} OR ${inner}`.render()).toEqual({
      text: "SELECT ?1, ?2 WHERE lang = ?1 OR lang = ?1",
      params: ["de", 5],
    });
  });

  it("keeps hostile values out of the text", () => {
    const { text, params } = sql`SELECT ${"'); DROP TABLE shops; --"}`.render();
    expect(text).toBe("SELECT ?1");
    expect(params).toEqual(["'); DROP TABLE shops; --"]);
  });

  it("raw() adds trusted text without parameters", () => {
    expect(sql`INSERT INTO ${SqlFragment.raw("t (a)")} VALUES (${1})`.render()).toEqual({ text: "INSERT INTO t (a) VALUES (?1)", params: [1] });
  });
});
