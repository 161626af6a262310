/** The local stand-in of the review and chat providers (docs/decisions/0070): the protocol their widgets speak. */
import { messageText, standInRating, startWidgetStandIn, type WidgetStandIn } from "./widget-stand-in";

let standIn: WidgetStandIn;
beforeAll(async () => {
  standIn = await startWidgetStandIn({ port: 0 });
});
afterAll(() => standIn.close());

const get = (path: string) => fetch(`${standIn.origin}${path}`);
const post = (path: string, body: string) => fetch(`${standIn.origin}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });

test("the review widget is a script; its rating is a fixed plausible figure per shop, open to the shop's pages", async () => {
  const script = await get("/reviews/widget/DE-DEMO.js");
  expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
  expect(await script.text()).toContain("/reviews/shops/");
  const answer = await get("/reviews/shops/DE-DEMO/rating.json");
  expect(answer.headers.get("access-control-allow-origin")).toBe("*");
  const body = (await answer.json()) as { shopKey: string; rating: { value: number; max: number; count: number } };
  expect(body.shopKey).toBe("DE-DEMO");
  expect(body.rating).toEqual(standInRating("DE-DEMO"));
  expect(body.rating.value).toBeGreaterThanOrEqual(4.5);
  expect(body.rating.value).toBeLessThanOrEqual(4.9);
  expect(body.rating.max).toBe(5);
  expect(body.rating.count).toBeGreaterThanOrEqual(300);
});

test("the chat keeps each message and answers with the conversation of that shop, the agent repeating the visitor", async () => {
  const first = await post("/chat/CH-DEMO/messages", JSON.stringify({ text: "  Haben Sie Eiche geölt?  " }));
  expect(first.status).toBe(200);
  await post("/chat/FR-DEMO/messages", JSON.stringify({ text: "Bonjour" }));
  const second = await post("/chat/CH-DEMO/messages", JSON.stringify({ text: "<img src=x onerror=alert(1)>" }));
  expect(((await second.json()) as { messages: unknown[] }).messages).toEqual([
    { from: "visitor", text: "Haben Sie Eiche geölt?" },
    { from: "agent", text: "Haben Sie Eiche geölt?" },
    { from: "visitor", text: "<img src=x onerror=alert(1)>" },
    { from: "agent", text: "<img src=x onerror=alert(1)>" },
  ]);
  expect(standIn.messages.filter((message) => message.shopKey === "FR-DEMO")).toHaveLength(2);
});

test.each([
  ["no JSON", "text=hallo"],
  ["no text", JSON.stringify({ message: "hallo" })],
  ["a number", JSON.stringify({ text: 42 })],
  ["only spaces", JSON.stringify({ text: "   " })],
  ["too long", JSON.stringify({ text: "x".repeat(1001) })],
])("a chat post with %s is refused and kept nowhere", async (_name, body) => {
  const before = standIn.messages.length;
  expect((await post("/chat/DE-DEMO/messages", body)).status).toBe(400);
  expect(standIn.messages).toHaveLength(before);
});

test.each(["/reviews/widget/../etc/passwd.js", "/reviews/shops/DE DEMO/rating.json", "/chat/widget/x.php", "/admin"])("%s is not found", async (path) => {
  expect((await get(path)).status).toBe(404);
});

test("a second start on a port the stand-in holds uses that one; another server there is refused", async () => {
  const port = Number(new URL(standIn.origin).port);
  const again = await startWidgetStandIn({ port });
  expect(again.origin).toBe(standIn.origin);
  await again.close();
  expect((await get("/health")).status).toBe(200);
  const other = await import("node:http").then(({ createServer }) => createServer((_req, res) => res.end("other")));
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", () => resolve()));
  const otherPort = (other.address() as { port: number }).port;
  await expect(startWidgetStandIn({ port: otherPort })).rejects.toThrow(/EADDRINUSE/);
  await new Promise<void>((resolve) => other.close(() => resolve()));
});

test("messageText takes only a trimmed text of 1-1000 characters", () => {
  expect(messageText(JSON.stringify({ text: " ok " }))).toBe("ok");
  expect(messageText("null")).toBeNull();
  expect(messageText("[]")).toBeNull();
});
