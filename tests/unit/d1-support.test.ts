import { Miniflare } from "miniflare";
import { createTestDatabase } from "../kit/d1";

/** Miniflare's Node proxies (getD1Database, getBindings, ...) all start from this internal method (docs/decisions/0041). */
const proxyClient = jest.spyOn(Miniflare.prototype as unknown as { _getProxyClient(): Promise<unknown> }, "_getProxyClient");

test("a test database has every catalogue table", async () => {
  const { db, dispose } = await createTestDatabase();
  try {
    const rows = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{ name: string }>();
    expect(rows.results.map((r) => r.name)).toEqual(expect.arrayContaining(["products", "prices", "product_changes", "shops"]));
  } finally {
    await dispose();
  }
});

test("the test database, its R2 bucket and its rate limiters never use Miniflare's synchronous proxy", async () => {
  const { db, env, dispose } = await createTestDatabase();
  try {
    await db.prepare("SELECT COUNT(*) AS n FROM shops").first("n");
    await env.UPLOADS.put("probe", "bytes");
    expect(await (await env.UPLOADS.get("probe"))!.text()).toBe("bytes");
    expect(await env.RATE_LIMIT_WRITE!.limit({ key: "probe" })).toEqual({ success: true });
    expect(proxyClient).not.toHaveBeenCalled();
  } finally {
    await dispose();
  }
});
