import { displayPhone, phoneHref } from "./phone";

test("phone numbers", () => {
  expect(displayPhone("+49 30 1234 5670")).toBe("+49\u00a030\u00a01234\u00a05670");
  expect(phoneHref("+49 30 1234 5670")).toBe("tel:+493012345670");
});
