import { ACCOUNT_PATHS, accountCall, fetchAccount } from "./api";

/**
 * Overlapping account reads share one request, but never across a write: a read asked for
 * after a sign-in (or verification, or sign-out) began must not be answered by a request
 * that went out before the write answered, since that one carried the old session cookie.
 */
interface Pending {
  method: string;
  answer: (status: number, data: unknown) => void;
}

let pending: Pending[];
const realFetch = global.fetch;

beforeEach(() => {
  pending = [];
  global.fetch = ((_url: string, init: RequestInit) =>
    new Promise<Response>((resolve) => {
      pending.push({
        method: init.method ?? "GET",
        answer: (status, data) => resolve(new Response(JSON.stringify({ data }), { status, headers: { "content-type": "application/json" } })),
      });
    })) as typeof fetch;
});
afterAll(() => {
  global.fetch = realFetch;
});

const signedOut = { environment: { customer: { signedIn: false, firstName: null } } };
const signedIn = { environment: { customer: { signedIn: true, firstName: "Claire" } } };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("overlapping reads of one path share one request", async () => {
  const first = fetchAccount(ACCOUNT_PATHS.environment);
  const second = fetchAccount(ACCOUNT_PATHS.environment);
  expect(pending).toHaveLength(1);
  pending[0]!.answer(200, signedOut);
  await expect(first).resolves.toEqual(signedOut);
  await expect(second).resolves.toEqual(signedOut);
});

test("a read after a write started does not join a read from before it", async () => {
  const before = fetchAccount(ACCOUNT_PATHS.environment);
  const write = accountCall("POST", ACCOUNT_PATHS.verify, { token: "t" });
  const after = fetchAccount(ACCOUNT_PATHS.environment);
  expect(pending.map((call) => call.method)).toEqual(["GET", "POST", "GET"]);
  pending[0]!.answer(200, signedOut);
  pending[1]!.answer(200, { customer: { id: "c-1" } });
  pending[2]!.answer(200, signedIn);
  await expect(before).resolves.toEqual(signedOut);
  await expect(write).resolves.toMatchObject({ ok: true });
  await expect(after).resolves.toEqual(signedIn);
});

test("a read after a write answered does not join a read started while the write ran", async () => {
  const write = accountCall("POST", ACCOUNT_PATHS.login, { email: "claire@example.com", password: "x" });
  const during = fetchAccount(ACCOUNT_PATHS.environment);
  pending[0]!.answer(200, { customer: { id: "c-1" } });
  await write;
  const after = fetchAccount(ACCOUNT_PATHS.environment);
  await tick();
  expect(pending.map((call) => call.method)).toEqual(["POST", "GET", "GET"]);
  pending[1]!.answer(200, signedOut);
  pending[2]!.answer(200, signedIn);
  await expect(during).resolves.toEqual(signedOut);
  await expect(after).resolves.toEqual(signedIn);
});

test("a failed read rejects with its status and frees the path for the next read", async () => {
  const failed = fetchAccount(ACCOUNT_PATHS.customer);
  pending[0]!.answer(401, null);
  await expect(failed).rejects.toMatchObject({ status: 401 });
  const next = fetchAccount(ACCOUNT_PATHS.customer);
  expect(pending).toHaveLength(2);
  pending[1]!.answer(200, { customer: null });
  await expect(next).resolves.toEqual({ customer: null });
});
