import { DEFAULT_DELIVERY_CHOICE, DELIVERY_CHOICE_KEY, normalizeChoice, readDeliveryChoice, saveDeliveryChoice } from "./delivery-choice";

/** sessionStorage as the browser has it: strings by key. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

test("what the cart page saves, the checkout page reads", () => {
  const storage = memoryStorage();
  expect(readDeliveryChoice(storage)).toEqual(DEFAULT_DELIVERY_CHOICE);
  saveDeliveryChoice({ mode: "requested_date", desiredDate: "2026-12-01" }, storage);
  expect(readDeliveryChoice(storage)).toEqual({ mode: "requested_date", desiredDate: "2026-12-01" });
  saveDeliveryChoice({ mode: "express", desiredDate: null }, storage);
  expect(readDeliveryChoice(storage)).toEqual({ mode: "express", desiredDate: null });
});

test("a date is kept only with a requested date", () => {
  const storage = memoryStorage();
  expect(saveDeliveryChoice({ mode: "standard", desiredDate: "2026-12-01" }, storage)).toEqual({ mode: "standard", desiredDate: null });
  expect(JSON.parse(storage.items.get(DELIVERY_CHOICE_KEY)!)).toEqual({ mode: "standard", desiredDate: null });
});

test.each([
  ["not JSON", "{mode"],
  ["an unknown mode", JSON.stringify({ mode: "drone", desiredDate: null })],
  ["a number", "42"],
  ["null", "null"],
  ["an array", JSON.stringify(["express"])],
])("anything else stored reads as the default: %s", (_name, text) => {
  expect(readDeliveryChoice(memoryStorage({ [DELIVERY_CHOICE_KEY]: text }))).toEqual(DEFAULT_DELIVERY_CHOICE);
});

test("a stored date that is no calendar date is dropped, the mode kept", () => {
  for (const desiredDate of ["2026-02-30", "tomorrow", "<script>", 20261201])
    expect(normalizeChoice({ mode: "requested_date", desiredDate })).toEqual({ mode: "requested_date", desiredDate: null });
});

test("without storage (build time, blocked): the default, and saving does not throw", () => {
  expect(readDeliveryChoice(null)).toEqual(DEFAULT_DELIVERY_CHOICE);
  const failing = {
    getItem: () => {
      throw new Error("SecurityError");
    },
    setItem: () => {
      throw new Error("QuotaExceededError");
    },
  };
  expect(readDeliveryChoice(failing)).toEqual(DEFAULT_DELIVERY_CHOICE);
  expect(saveDeliveryChoice({ mode: "express", desiredDate: null }, failing)).toEqual({ mode: "express", desiredDate: null });
});
