/**
 * GET /admin/api/mail and /admin/api/mail/:key through the real route table with staff sessions, on one database
 * (its ids and their order are this file's subject); the list across two shop databases is
 * tests/unit/two-shop-databases.test.ts's.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { staffCaller, staffLogins, type StaffCaller } from "@tests/kit/staff-session";
import { sql } from "@worker/lib/sql";
import type { StaffRole } from "../staff-auth";
import { outboxInsert } from "./outbox";
import type { LooseJson } from "@tests/kit/loose-json";

let database: TestDatabase;
let call: StaffCaller;
let tokens: Record<StaffRole, string>;
const NOW = new Date("2026-11-18T12:00:00Z");
const now = () => NOW;
const ids: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ split: false });
  for (const [to, shop] of [
    ["erika@example.com", "DE"],
    ["bruno@example.ch", "CH"],
    ["carla@example.com", "DE"],
  ] as const) {
    await outboxInsert(
      {
        shop: { id: shop },
        language: "de",
        template: "sample-order-confirmation",
        to,
        params: {
          referenceCode: "SREF1",
          address: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", zip: "10115", city: "Berlin", country: "Deutschland" },
          items: [{ sku: "OAK-1", name: "Eiche", longDelivery: false }],
        },
      },
      NOW,
    )
      .prepare(database.db)
      .run();
    ids.push((await sql`SELECT max(id) AS id FROM mail_outbox`.prepare(database.db).first<{ id: number }>())!.id);
  }
  await sql`UPDATE mail_outbox SET state = 'sent', attempts = 1, sent_at = ${NOW.toISOString()} WHERE id = ${ids[0]!}`.prepare(database.db).run();
  await sql`UPDATE mail_outbox SET attempts = 2, last_error = '421 try later' WHERE id = ${ids[1]!}`.prepare(database.db).run();
  tokens = await staffLogins(database.env, database.db, now);
  call = staffCaller(database.env, now);
});
afterAll(() => database.dispose());

const get = (path: string, role: StaffRole | null = "service") => call("GET", path, { token: role ? tokens[role] : null });
const body = async (response: Response) => (await response.json()) as { data: LooseJson["data"]; errors: { message: string; field?: string; code?: string }[] };

test("service and ops see the outbox; a merchandiser 403; no session 401", async () => {
  for (const path of ["/admin/api/mail", `/admin/api/mail/${ids[0]}`]) {
    expect((await get(path, "service")).status).toBe(200);
    expect((await get(path, "ops")).status).toBe(200);
    expect((await get(path, "merchandiser")).status).toBe(403);
    expect((await get(path, null)).status).toBe(401);
  }
});

test("the list: status, recipient, subject, shop, times, attempts, last error; counts per status; no body", async () => {
  const { data } = await body(await get("/admin/api/mail"));
  expect(data.mails.map((mail: { id: number }) => mail.id)).toEqual([...ids].reverse());
  expect(data.counts).toEqual({ pending: 1, retry: 1, sending: 0, sent: 1, failed: 0 });
  expect(data.statuses).toEqual(["pending", "retry", "sending", "sent", "failed"]);
  const bruno = data.mails.find((mail: { id: number }) => mail.id === ids[1]);
  expect(bruno).toMatchObject({
    status: "retry",
    recipient: "bruno@example.ch",
    shop: "CH",
    attempts: 2,
    lastError: "421 try later",
    subject: expect.stringContaining("SREF1"),
  });
  expect(JSON.stringify(data.mails)).not.toMatch(/Hauptstraße|Eiche/);
});

test("filters and paging", async () => {
  const list = async (query: string) => (await body(await get(`/admin/api/mail${query}`))).data;
  expect((await list("?status=sent")).mails.map((mail: { recipient: string }) => mail.recipient)).toEqual(["erika@example.com"]);
  expect((await list("?recipient=EXAMPLE.COM")).mails).toHaveLength(2);
  expect((await list("?shop=ch&recipient=")).mails).toHaveLength(1);
  const first = await list("?limit=2");
  expect(first.mails).toHaveLength(2);
  expect(first.next).toBe(String(ids[1]));
  const second = await list(`?limit=2&after=${first.next}`);
  expect(second.mails.map((mail: { id: number }) => mail.id)).toEqual([ids[0]]);
  expect(second.next).toBeNull();
});

test.each([
  ["?status=bounced", "status"],
  ["?shop=XX", "shop"],
  ["?limit=0", "limit"],
  ["?limit=500", "limit"],
  ["?after=abc", "after"],
  ["?after=0", "after"],
  ["?after=12.7", "after"],
  ["?after=.", "after"],
  ["?after=1..2", "after"],
  ["?after=-1", "after"],
  [`?recipient=${"a".repeat(255)}`, "recipient"],
  ["?body=1", ""],
])("bad parameters %s: 422", async (query, field) => {
  const response = await get(`/admin/api/mail${query}`);
  expect(response.status).toBe(422);
  if (field) expect((await body(response)).errors.map((error) => error.field)).toContain(field);
});

test("one mail with its body; unknown or malformed ids 404", async () => {
  const { data } = await body(await get(`/admin/api/mail/${ids[0]}`));
  expect(data).toMatchObject({ id: ids[0], status: "sent", recipient: "erika@example.com", from: expect.stringContaining("@") });
  expect(data.text).toContain("Hauptstraße 5");
  for (const bad of ["999999", "0", "abc", "1%20OR%201", "-1", `XX-${ids[0]}`, `de-${ids[0]}`, `CH-${ids[0]}`, "DE-", "-5"])
    expect((await get(`/admin/api/mail/${bad}`)).status).toBe(404);
  // The key the list hands out names the mail's shop; the id alone is DB's.
  const keyed = await body(await get(`/admin/api/mail/DE-${ids[0]}`));
  expect(keyed.data).toMatchObject({ id: ids[0], key: `DE-${ids[0]}` });
});
