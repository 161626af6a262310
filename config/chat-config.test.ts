/**
 * The shop config's `chat` (docs/decisions/0070): the chat provider's widget, which the demo's
 * German-speaking and international shops load from the local providers' stand-in; the others
 * have none, so their chat page leads to the contact form.
 */
import rawConfig from "./shops.json";
import { configProblems } from "@tests/kit/config-problems";
import { looseCopy, type LooseJson } from "@tests/kit/loose-json";
import { LOCAL_ENVIRONMENTS, parseShopConfig, widgetScriptUrl } from "./shop-config";
import { WIDGET_STAND_IN_PORT } from "@scripts/lib/local-ports";

const clone = () => looseCopy(rawConfig);
const index = (raw: LooseJson, id: string): number => (raw.shops as { id: string }[]).findIndex((shop) => shop.id === id);

test("DE, CH, AT and COM chat through the local stand-in; FR, IT, NL and BRAND have no chat", () => {
  const config = parseShopConfig(rawConfig);
  const shops = config.shops;
  for (const shop of shops.filter((candidate) => ["DE", "CH", "AT", "COM"].includes(candidate.id))) {
    expect(shop.chat?.name).toBe("Demo-Chat");
    for (const environment of LOCAL_ENVIRONMENTS)
      expect(widgetScriptUrl(config, shop.chat?.widget, environment)).toBe(`http://127.0.0.1:${WIDGET_STAND_IN_PORT}/chat/widget/${shop.id}-DEMO.js`);
  }
  expect(shops.filter((shop) => shop.chat === undefined).map((shop) => shop.id)).toEqual(["FR", "IT", "NL", "BRAND"]);
});

test("a chat provider whose host the script and connect policies allow is valid", () => {
  const raw = clone();
  raw.edge.contentSecurityPolicy.script.push("https://chat.provider.example");
  raw.edge.contentSecurityPolicy.connect.push("https://chat.provider.example");
  raw.shops[index(raw, "FR")]!.chat = { name: "Chatdienst", widget: { scriptUrl: "https://chat.provider.example/w/bodenhaus.js" } };
  expect(configProblems(raw)).toEqual([]);
});

test.each<[string, (raw: LooseJson, fr: number) => void, string]>([
  [
    "a script host the script policy does not list",
    (raw, fr) => (raw.shops[fr]!.chat = { name: "X", widget: { scriptUrl: "https://evil.example/w.js" } }),
    "chat.widget.scriptUrl",
  ],
  [
    "a host the connect policy does not list (the messages could not be sent)",
    (raw, fr) => {
      raw.edge.contentSecurityPolicy.script.push("https://chat.provider.example");
      raw.shops[fr]!.chat = { name: "X", widget: { scriptUrl: "https://chat.provider.example/w.js" } };
    },
    "chat.widget.scriptUrl",
  ],
  [
    "a script over plain http",
    (raw, fr) => (raw.shops[fr]!.chat = { name: "X", widget: { scriptUrl: "http://chat.provider.example/w.js" } }),
    "chat.widget.scriptUrl",
  ],
  ["no provider name", (raw, fr) => (raw.shops[fr]!.chat = { widget: { scriptUrl: "/chat/widget/FR-DEMO.js" } }), "chat.name"],
  ["no widget", (raw, fr) => (raw.shops[fr]!.chat = { name: "X" }), "chat.widget"],
  ["an unknown key", (raw, fr) => (raw.shops[fr]!.chat = { name: "X", widget: { scriptUrl: "/w.js" }, color: "red" }), "chat"],
])("%s is refused, naming the field", (_name, breakIt, field) => {
  const raw = clone();
  const fr = index(raw, "FR");
  breakIt(raw, fr);
  expect(configProblems(raw).some((problem) => problem.startsWith(`shops[${fr}].${field}`))).toBe(true);
});
