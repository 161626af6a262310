import rawConfig from "./shops.json";
import { configProblems } from "@tests/kit/config-problems";
import { looseCopy, type LooseJson } from "@tests/kit/loose-json";
import { parseMailbox } from "@worker/lib/mailbox";
import { parseShopConfig } from "./shop-config";

const clone = () => looseCopy(rawConfig);

const problems = configProblems;

test("every shop names its mail sender and service address", () => {
  for (const shop of parseShopConfig(rawConfig).shops) {
    expect(parseMailbox(shop.mail.from)).toMatchObject({ name: expect.any(String), address: expect.stringContaining("@") });
    expect(shop.mail.service).toContain("@");
  }
});

test.each<[string, (raw: LooseJson) => void, string]>([
  ["a shop without mail settings", (raw) => delete raw.shops[0]!.mail, "shops[0].mail"],
  ["a sender that is no mailbox", (raw) => (raw.shops[1]!.mail!.from = "Bodenhaus"), "shops[1].mail.from"],
  [
    "a sender name with a line break (header injection)",
    (raw) => (raw.shops[1]!.mail!.from = "Bodenhaus\r\nBcc: x@evil.example <service@bodenhaus.example>"),
    "shops[1].mail.from",
  ],
  ["a service address with a display name", (raw) => (raw.shops[2]!.mail!.service = "Service <service@bodenhaus.example>"), "shops[2].mail.service"],
  ["an unknown mail key", (raw) => (raw.shops[0]!.mail!.replyTo = "x@bodenhaus.example"), "shops[0].mail"],
])("%s is refused, naming the field", (_name, breakIt, field) => {
  const raw = clone();
  breakIt(raw);
  expect(problems(raw).some((problem) => problem.startsWith(`${field}:`))).toBe(true);
});

test("mailboxes: with and without a display name; anything else is refused", () => {
  expect(parseMailbox("Bodenhaus <service@bodenhaus.example>")).toEqual({ name: "Bodenhaus", address: "service@bodenhaus.example" });
  expect(parseMailbox("service@bodenhaus.example")).toEqual({ address: "service@bodenhaus.example" });
  for (const bad of [
    "",
    "Bodenhaus",
    "<service@bodenhaus.example",
    "A <b> <service@bodenhaus.example>",
    '"Bodenhaus" <service@bodenhaus.example>',
    "service@localhost",
    "a b@bodenhaus.example",
  ]) {
    expect(parseMailbox(bad)).toBeNull();
  }
});
