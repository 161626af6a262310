/**
 * A local stand-in of the third parties whose widget scripts the shop pages load
 * (docs/decisions/0070): a review provider and a chat provider, on the origin config/shops.json
 * names as the local environments' `widgetStandIn`, at the paths the demo shops'
 * `reviews.widget.scriptUrl` and `chat.widget.scriptUrl` give (the deployed environments have no
 * stand-in, so no demo widget). `npm start` and the browser tests' global setup run it; Jest tests
 * start one of their own. A real provider is one configuration change away: its https script URL
 * in config/shops.json and its host in edge.contentSecurityPolicy.
 *
 * The review provider, as such widgets work: the page loads
 * `GET /reviews/widget/{shopKey}.js`, which reads `GET /reviews/shops/{shopKey}/rating.json`
 * (`{ shopKey, provider, rating: { value, max, count } }`, CORS open) and draws a badge with
 * the stars, the value and the count into the element that holds the script.
 *
 * The chat provider: the page loads `GET /chat/widget/{shopKey}.js`, which draws a chat box
 * into its holder; the visitor's message goes to `POST /chat/{shopKey}/messages`
 * (`{ text }`, 1-1000 characters) and the answer lists the conversation's messages, the
 * stand-in's agent answering each one by repeating it. Every message is kept (`messages`),
 * so a test sees what arrived.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { readBody, startStandInServer, type StandInServer } from "./stand-in-server";

export interface ChatMessage {
  shopKey: string;
  from: "visitor" | "agent";
  text: string;
}

export interface WidgetStandIn {
  origin: string;
  /** Every chat message, the visitor's and the agent's answers, in order. */
  messages: ChatMessage[];
  close(): Promise<void>;
}

/** What the stand-in answers GET /health with: how `startWidgetStandIn` recognises one already running. */
const HEALTH = JSON.stringify({ standIn: "widgets" });
const SHOP_KEY = "[A-Za-z0-9-]{1,40}";
const MAX_MESSAGE = 1000;

/** The provider's rating of a shop: a fixed plausible figure per shop key (4.5-4.9 of 5, 300-2,000 ratings). */
export function standInRating(shopKey: string): { value: number; max: number; count: number } {
  const digest = createHash("sha256").update(shopKey).digest();
  return { value: 4.5 + (digest[0]! % 5) / 10, max: 5, count: 300 + (digest.readUInt16BE(1) % 1700) };
}

/**
 * Starts the stand-in on `port` (0: a free one). Where one already answers on that port (the
 * browser tests while `npm start` runs), that one is used: both serve the same answers.
 */
export async function startWidgetStandIn(options: { port: number; log?: (line: string) => void }): Promise<WidgetStandIn> {
  const log = options.log ?? (() => undefined);
  const messages: ChatMessage[] = [];
  let server: StandInServer;
  try {
    server = await startStandInServer(options.port, (req, res) =>
      handle(req, res, messages).catch((error: unknown) => {
        log(`widget stand-in: ${String(error)}`);
        if (!res.headersSent) send(res, 500, "text/plain", "error");
      }),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE" && (await answersAsStandIn(options.port))) {
      log(`widget stand-in: using the one already running on port ${options.port}`);
      return { origin: `http://127.0.0.1:${options.port}`, messages, close: async () => undefined };
    }
    throw error;
  }
  return { origin: server.origin, messages, close: server.close };
}

async function handle(req: IncomingMessage, res: ServerResponse, messages: ChatMessage[]): Promise<void> {
  const path = new URL(req.url ?? "/", "http://stand-in").pathname;
  if (req.method === "OPTIONS") return send(res, 204, "text/plain", "");
  if (req.method === "GET" && path === "/health") return send(res, 200, "application/json", HEALTH);
  let match = new RegExp(`^/reviews/widget/(${SHOP_KEY})\\.js$`).exec(path);
  if (req.method === "GET" && match) return send(res, 200, "text/javascript", REVIEW_WIDGET);
  match = new RegExp(`^/reviews/shops/(${SHOP_KEY})/rating\\.json$`).exec(path);
  if (req.method === "GET" && match) {
    return send(res, 200, "application/json", JSON.stringify({ shopKey: match[1], provider: PROVIDER_NAME, rating: standInRating(match[1]!) }));
  }
  match = new RegExp(`^/chat/widget/(${SHOP_KEY})\\.js$`).exec(path);
  if (req.method === "GET" && match) return send(res, 200, "text/javascript", CHAT_WIDGET);
  match = new RegExp(`^/chat/(${SHOP_KEY})/messages$`).exec(path);
  if (req.method === "POST" && match) {
    const text = messageText(await readBody(req, 16 * MAX_MESSAGE));
    if (text === null) return send(res, 400, "application/json", JSON.stringify({ error: `text must be 1-${MAX_MESSAGE} characters` }));
    const shopKey = match[1]!;
    messages.push({ shopKey, from: "visitor", text }, { shopKey, from: "agent", text });
    const conversation = messages.filter((message) => message.shopKey === shopKey).map(({ from, text: said }) => ({ from, text: said }));
    return send(res, 200, "application/json", JSON.stringify({ messages: conversation }));
  }
  send(res, 404, "text/plain", "not found");
}

/** The message of a chat post: `{ text }`, trimmed, 1-MAX_MESSAGE characters; anything else is null. */
export function messageText(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const text = typeof parsed === "object" && parsed !== null && "text" in parsed ? (parsed as { text: unknown }).text : null;
    if (typeof text !== "string") return null;
    const trimmed = text.trim();
    return trimmed.length >= 1 && trimmed.length <= MAX_MESSAGE ? trimmed : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    "content-type": `${type}; charset=utf-8`,
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "GET, POST",
    "access-control-allow-headers": "content-type",
    "cache-control": "no-store",
  });
  res.end(body);
}

function answersAsStandIn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/health", timeout: 2000 }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += String(chunk)));
      res.on("end", () => resolve(body === HEALTH));
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

/** The provider's name as its widgets show it. */
const PROVIDER_NAME = "Demo-Dienst (lokal)";

/**
 * The review widget as the provider serves it: plain browser JavaScript that finds its own
 * script element, reads the rating next to it and draws the badge into the script's holder.
 * Its few words are the provider's, in the page's language.
 */
const REVIEW_WIDGET = `(function () {
  var script = document.currentScript;
  if (!script || !script.parentElement) return;
  var holder = script.parentElement;
  var src = new URL(script.src);
  var key = (/\\/reviews\\/widget\\/([A-Za-z0-9-]{1,40})\\.js$/.exec(src.pathname) || [])[1];
  if (!key) return;
  var lang = (document.documentElement.lang || "de").slice(0, 2);
  var words = { de: "Bewertungen", en: "reviews", fr: "avis", it: "recensioni", nl: "beoordelingen" }[lang] || "reviews";
  fetch(src.origin + "/reviews/shops/" + key + "/rating.json")
    .then(function (res) { return res.ok ? res.json() : null; })
    .then(function (data) {
      if (!data || !data.rating) return;
      var badge = document.createElement("div");
      badge.className = "rw-badge";
      badge.setAttribute("data-testid", "review-widget-badge");
      var stars = document.createElement("span");
      stars.setAttribute("aria-hidden", "true");
      stars.textContent = "\\u2605\\u2605\\u2605\\u2605\\u2605";
      var value = document.createElement("strong");
      value.textContent = new Intl.NumberFormat(document.documentElement.lang || "de", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(data.rating.value) + "/" + data.rating.max;
      var count = document.createElement("span");
      count.textContent = new Intl.NumberFormat(document.documentElement.lang || "de").format(data.rating.count) + " " + words + " \\u00b7 " + data.provider;
      badge.append(stars, " ", value, " ", count);
      holder.appendChild(badge);
    })
    .catch(function () {});
})();
`;

/**
 * The chat widget as the provider serves it: a message list, a text field and a send button
 * drawn into the script's holder; each message is posted to the provider, whose answer
 * replaces the list. Its few words are the provider's, in the page's language.
 */
const CHAT_WIDGET = `(function () {
  var script = document.currentScript;
  if (!script || !script.parentElement) return;
  var holder = script.parentElement;
  var src = new URL(script.src);
  var key = (/\\/chat\\/widget\\/([A-Za-z0-9-]{1,40})\\.js$/.exec(src.pathname) || [])[1];
  if (!key) return;
  var lang = (document.documentElement.lang || "de").slice(0, 2);
  var words = {
    de: ["Ihre Nachricht", "Senden", "Sie", "Beratung"],
    en: ["Your message", "Send", "You", "Advice"],
    fr: ["Votre message", "Envoyer", "Vous", "Conseil"],
    it: ["Il suo messaggio", "Invia", "Lei", "Consulenza"],
    nl: ["Uw bericht", "Verzenden", "U", "Advies"]
  }[lang] || ["Your message", "Send", "You", "Advice"];
  var box = document.createElement("form");
  box.className = "cw-box";
  box.setAttribute("data-testid", "chat-widget");
  var list = document.createElement("ol");
  list.className = "cw-messages";
  list.setAttribute("aria-live", "polite");
  var input = document.createElement("input");
  input.type = "text";
  input.maxLength = 1000;
  input.required = true;
  input.setAttribute("aria-label", words[0]);
  input.placeholder = words[0];
  var button = document.createElement("button");
  button.type = "submit";
  button.textContent = words[1];
  box.append(list, input, button);
  holder.appendChild(box);
  box.addEventListener("submit", function (event) {
    event.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    button.disabled = true;
    fetch(src.origin + "/chat/" + key + "/messages", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: text }) })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (data) {
        if (!data) return;
        input.value = "";
        list.replaceChildren.apply(list, data.messages.map(function (message) {
          var item = document.createElement("li");
          item.className = "cw-" + message.from;
          item.textContent = (message.from === "visitor" ? words[2] : words[3]) + ": " + message.text;
          return item;
        }));
      })
      .catch(function () {})
      .then(function () { button.disabled = false; });
  });
})();
`;
