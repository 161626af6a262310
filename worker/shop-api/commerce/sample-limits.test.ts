/** Daily caps on finished sample orders (sample-limits.ts) and the captcha on finishing, through the real handler and a local D1. */
import { commerceCounts, createHarness, type CallResult, type Harness } from "@tests/kit/commerce";

let h: Harness;
beforeAll(async () => {
  h = await createHarness("2026-11-18T08:00:00Z");
});
afterAll(() => h.dispose());
afterEach(() => h.setNow("2026-11-18T08:00:00Z"));

const FINISH = "/apiv2/sample/product/cart/finish";
const NEXT_BERLIN_DAY = "2026-11-18T23:00:00Z";

let serial = 0;
/** Keys no other test uses: an e-mail, an address and a client IP of their own. */
function fresh(): { email: string; address: Record<string, string>; ip: string } {
  serial += 1;
  return {
    email: `person-${serial}@example.com`,
    address: { firstname: "Erika", lastname: "Muster", street: `Gartenweg ${serial}`, zip: "10115", city: "Berlin", countryCode: "de" },
    ip: `203.0.113.${serial}`,
  };
}

/** A visitor's open sample cart with one sample and the contact of step 1; returns the token. */
async function prepare(email: string, address: Record<string, string>, token?: string): Promise<string> {
  const added = await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-1" }, token });
  expect(added.status).toBe(200);
  const visitor = token ?? added.token!;
  expect((await h.call("POST", "/apiv2/sample/product/cart", { body: { email, customerAddress: address }, token: visitor })).status).toBe(200);
  return visitor;
}

const finish = (token: string, ip: string, captcha?: string | null): Promise<CallResult> =>
  h.call("POST", FINISH, { token, headers: { "cf-connecting-ip": ip }, captcha });

function expectLimitReached(result: CallResult): void {
  expect(result.status).toBe(429);
  expect(result.body.errors).toEqual([
    { message: "The daily limit of free sample orders has been reached. Please try again tomorrow.", code: "sample_limit_reached" },
  ]);
}

const openState = async (token: string) => (await h.call("GET", "/apiv2/sample/product/cart", { token })).body.data.cart?.state;

test("one visitor finishes two orders a day; the third is refused (429, nothing written) and allowed the next Berlin day", async () => {
  const a = fresh();
  const token = await prepare(a.email, a.address);
  expect((await finish(token, a.ip)).status).toBe(200);
  const b = fresh();
  await prepare(b.email, b.address, token);
  expect((await finish(token, b.ip)).status).toBe(200);
  const c = fresh();
  await prepare(c.email, c.address, token);
  const before = await commerceCounts(h.db);
  const refused = await h.call("POST", FINISH, { token, headers: { "cf-connecting-ip": c.ip } });
  expectLimitReached(refused);
  expect(await commerceCounts(h.db)).toEqual(before);
  expect(await openState(token)).toBe("open");
  h.setNow(NEXT_BERLIN_DAY);
  expect((await finish(token, c.ip)).status).toBe(200);
});

test("one e-mail (whatever its case and spaces) finishes two orders a day, from any visitor, address and IP", async () => {
  const a = fresh();
  expect((await finish(await prepare(a.email, a.address), a.ip)).status).toBe(200);
  expect((await finish(await prepare(` ${a.email.toUpperCase()}`, fresh().address), fresh().ip)).status).toBe(200);
  const token = await prepare(a.email.replace("person", "PERSON"), fresh().address);
  expectLimitReached(await finish(token, fresh().ip));
  h.setNow(NEXT_BERLIN_DAY);
  expect((await finish(token, fresh().ip)).status).toBe(200);
});

test("one address (case, spaces and other visitors do not matter) receives two orders a day", async () => {
  const a = fresh();
  expect((await finish(await prepare(a.email, a.address), a.ip)).status).toBe(200);
  const shouted = { ...a.address, firstname: "Max", street: a.address.street!.toUpperCase().replace(" ", "   "), city: " berlin " };
  expect((await finish(await prepare(fresh().email, shouted), fresh().ip)).status).toBe(200);
  const token = await prepare(fresh().email, { ...a.address, lastname: "Other" });
  expectLimitReached(await finish(token, fresh().ip));
  // another house number is another address
  expect((await finish(await prepare(fresh().email, { ...a.address, street: `${a.address.street!}a` }), fresh().ip)).status).toBe(200);
  h.setNow(NEXT_BERLIN_DAY);
  expect((await finish(token, fresh().ip)).status).toBe(200);
});

test("one client IP (an IPv6 client by its /64) finishes five orders a day", async () => {
  const ip = "2001:db8:1:2::1";
  for (let i = 0; i < 5; i++) expect((await finish(await prepare(fresh().email, fresh().address), i % 2 ? ip : "2001:db8:1:2:ffff::9")).status).toBe(200);
  const token = await prepare(fresh().email, fresh().address);
  expectLimitReached(await finish(token, "2001:db8:1:2:abcd::1"));
  expect((await finish(await prepare(fresh().email, fresh().address), "2001:db8:1:3::1")).status).toBe(200);
  h.setNow(NEXT_BERLIN_DAY);
  expect((await finish(token, ip)).status).toBe(200);
});

test("eight concurrent finishes of different visitors to one address: exactly two pass", async () => {
  const a = fresh();
  const emails = Array.from({ length: 8 }, () => fresh().email);
  const tokens: string[] = [];
  for (const email of emails) tokens.push(await prepare(email, a.address));
  const solved = await Promise.all(tokens.map(() => h.captchaToken("sample_finish")));
  const results = await Promise.all(tokens.map((token, i) => finish(token, fresh().ip, solved[i])));
  expect(results.filter((r) => r.status === 200)).toHaveLength(2);
  results.filter((r) => r.status !== 200).forEach(expectLimitReached);
  const states = await h.db
    .prepare(`SELECT state, COUNT(*) AS n FROM sample_quotes WHERE email IN (${emails.map(() => "?").join(", ")}) GROUP BY state ORDER BY state`)
    .bind(...emails)
    .all<{ state: string; n: number }>();
  expect(states.results).toEqual([
    { state: "finished", n: 2 },
    { state: "open", n: 6 },
  ]);
  const mails = await h.db
    .prepare(`SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient IN (${emails.map(() => "?").join(", ")})`)
    .bind(...emails)
    .first<{ n: number }>();
  expect(mails?.n).toBe(2);
});

describe("the captcha on finishing", () => {
  const outboxSize = async () => (await h.db.prepare("SELECT COUNT(*) AS n FROM mail_outbox").first<{ n: number }>())!.n;

  test.each([
    ["without a token", null],
    ["with a token that is no solution", "bm90IGEgc29sdXRpb24="],
    ["with a malformed token", "{{{"],
  ])("a finish %s is refused (403 captcha_failed) and writes nothing", async (_, captcha) => {
    const a = fresh();
    const token = await prepare(a.email, a.address);
    const [counts, mails] = [await commerceCounts(h.db), await outboxSize()];
    const refused = await finish(token, a.ip, captcha);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([{ message: "Something went wrong. Try again.", code: "captcha_failed" }]);
    expect(await commerceCounts(h.db)).toEqual(counts);
    expect(await outboxSize()).toBe(mails);
    expect(await openState(token)).toBe("open");
  });

  test("a solution for another form or another shop, or one used before, is refused", async () => {
    const a = fresh();
    const token = await prepare(a.email, a.address);
    expect((await finish(token, a.ip, await h.captchaToken("contact"))).status).toBe(403);
    expect((await finish(token, a.ip, await h.captchaToken("sample_finish", "CH"))).status).toBe(403);
    const solution = await h.captchaToken("sample_finish");
    expect((await finish(token, a.ip, solution)).status).toBe(200);
    const b = fresh();
    expect((await finish(await prepare(b.email, b.address), b.ip, solution)).status).toBe(403);
  });
});
