import { optionsKey } from "./carts";
test("optionsKey: one choice is one key whatever the order of its options", () => {
  expect(optionsKey({ shade: "hell", length: "2m" })).toBe(optionsKey({ length: "2m", shade: "hell" }));
  expect(optionsKey({})).toBe("{}");
});
