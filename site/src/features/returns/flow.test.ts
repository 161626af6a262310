import { entryFromLocation, EMPTY_DETAILS, flowReducer, INITIAL_FLOW, keyFor, needsNewLookup, type FlowState } from "./flow";
import { rmaOrder } from "@tests/kit/returns-screens";

const access = { kind: "token" as const, lookupToken: "t", expiresAt: "2026-11-24T12:00:00.000Z" };

test("the page's entry: a signed link, an account order, or the landing; nothing odd gets through", () => {
  expect(entryFromLocation("?order=DE-100001&sig=abc")).toEqual({ kind: "link", order: "DE-100001", sig: "abc" });
  expect(entryFromLocation("?order=DE-100001")).toEqual({ kind: "account", order: "DE-100001" });
  expect(entryFromLocation("")).toEqual({ kind: "landing" });
  expect(entryFromLocation("?order=%3Cscript%3E")).toEqual({ kind: "landing" });
  expect(entryFromLocation(`?order=${"9".repeat(41)}`)).toEqual({ kind: "landing" });
  expect(entryFromLocation("?sig=abc")).toEqual({ kind: "landing" });
});

test("a new lookup of the same order keeps the entries; another order starts afresh", () => {
  const opened = flowReducer(INITIAL_FLOW, { type: "opened", order: rmaOrder(), access });
  const reviewed = flowReducer(opened, {
    type: "reviewed",
    entries: { 1: { selected: true, quantity: "2" } },
    wholeOrder: false,
    details: { ...EMPTY_DETAILS, reason: "DEFECTIVE", message: "x" },
  });
  expect(reviewed.screen).toBe("overview");
  const corrected = flowReducer(reviewed, { type: "correct" });
  expect(corrected.screen).toBe("items");
  expect(corrected.entries).toEqual({ 1: { selected: true, quantity: "2" } });
  const lookup = flowReducer(corrected, { type: "lookup", notice: { key: "errors.expired" } });
  expect(lookup.prefill).toBe("DE-100001");
  const again = flowReducer(lookup, { type: "opened", order: rmaOrder(), access: { ...access, lookupToken: "t2" } });
  expect(again.entries).toEqual({ 1: { selected: true, quantity: "2" } });
  expect(again.details.reason).toBe("DEFECTIVE");
  const other = flowReducer(lookup, { type: "opened", order: rmaOrder({ orderNumber: "DE-100009" }), access });
  expect(other.entries).toEqual({});
  expect(other.details).toEqual(EMPTY_DETAILS);
});

test("one key per body: the same body keeps its key, another body gets a new one", () => {
  let made = 0;
  const create = () => `key-${(made += 1)}`;
  const none: Pick<FlowState, "submission"> = { submission: null };
  expect(keyFor(none, "{a}", create)).toBe("key-1");
  const sent = { submission: { key: "key-1", body: "{a}" } };
  expect(keyFor(sent, "{a}", create)).toBe("key-1");
  expect(keyFor(sent, "{b}", create)).toBe("key-2");
});

test("a lookup token that ran out sends the visitor to the lookup; a session does not run out here", () => {
  const now = Date.parse("2026-11-24T12:00:00.000Z");
  expect(needsNewLookup({ access }, now - 1)).toBe(false);
  expect(needsNewLookup({ access }, now)).toBe(true);
  expect(needsNewLookup({ access: { kind: "session" } }, now)).toBe(false);
  expect(needsNewLookup({ access: null }, now)).toBe(false);
});
