import { byTestId, clickOn, closeBrowser, mount, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { ChatChannel } from "./ChatChannel";
import { chatSettings } from "./settings";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));
jest.mock("./chat.css", () => ({}));

afterEach(() => unmountAll());
afterAll(closeBrowser);

const demo = { name: "Demo-Chat", scriptUrl: "http://127.0.0.1:12131/chat/widget/DE-DEMO.js" };
const scripts = () => [...document.querySelectorAll("script")].map((script) => script.getAttribute("src"));

describe("the live chat", () => {
  test("before the visitor starts it: who receives the messages, a start button, nothing from the provider", async () => {
    const container = await mount(<ChatChannel settings={demo} />);
    expect(container.textContent).toContain("Der Chat läuft über Demo-Chat. Erst wenn Sie ihn starten, lädt die Seite den Chat");
    expect(scripts()).toEqual([]);
    expect(container.innerHTML).not.toContain("127.0.0.1");
  });

  test("starting it adds the provider's widget script once, into a holder that takes the focus", async () => {
    const container = await mount(<ChatChannel settings={demo} />);
    await clickOn(byTestId(container, "chat-start"));
    expect(scripts()).toEqual([demo.scriptUrl]);
    const holder = container.querySelector(".chat-holder");
    expect(holder?.getAttribute("aria-label")).toBe("Chat mit Demo-Chat");
    expect(document.activeElement).toBe(holder);
    expect(byTestId(container, "chat-start")).toBeNull();
  });
});

describe("the chat settings from the build", () => {
  test("a provider with a name and an allowed script is a chat", () => {
    expect(chatSettings(JSON.stringify({ name: "Demo-Chat", widget: { scriptUrl: demo.scriptUrl } }))).toEqual(demo);
    expect(chatSettings(JSON.stringify({ name: "Chatdienst", widget: { scriptUrl: "https://chat.example/w.js" } }))).toEqual({
      name: "Chatdienst",
      scriptUrl: "https://chat.example/w.js",
    });
  });

  test.each([
    ["none configured", "null"],
    ["no build value", undefined],
    ["no JSON", "{chat"],
    ["no name", JSON.stringify({ widget: { scriptUrl: demo.scriptUrl } })],
    ["a plain-http script elsewhere", JSON.stringify({ name: "X", widget: { scriptUrl: "http://chat.example/w.js" } })],
    ["a javascript: script", JSON.stringify({ name: "X", widget: { scriptUrl: "javascript:alert(1)" } })],
    ["no widget", JSON.stringify({ name: "X" })],
  ])("%s: no chat (the chat page leads to the contact form)", (_name, configured) => {
    expect(chatSettings(configured)).toBeNull();
  });
});
