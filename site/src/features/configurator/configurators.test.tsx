import { byTestId, clickOn, closeBrowser, mount, settle, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ConfiguratorAnswer } from "@domain/api/configurators";
import { money } from "@domain/money";
import ConfiguratorPanel from "./ConfiguratorPanel";

const TEXTS = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "..", "locales", "de", "configurator.json"), "utf8")) as Record<string, unknown>;
function text(key: string, params: Record<string, unknown> = {}): string {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], TEXTS);
  if (typeof value !== "string") return key;
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}
jest.mock("gatsby-plugin-react-i18next", () => ({ useTranslation: () => ({ t: text, i18n: { language: "de" } }) }));

const euro = (amount: number) => money(amount, "EUR", "de");
const offered = (sku: string, amount: number, unavailable: null | "out_of_stock" = null) => ({
  sku,
  title: `Titel ${sku}`,
  description: `<p>${sku}</p>`,
  image: { src: `/images/${sku}.jpg`, alt: sku },
  price: euro(amount),
  unavailable,
});

const pleat: ConfiguratorAnswer = {
  sku: "PLI-DF",
  name: "Plissee",
  configurableAttributes: [
    {
      id: 1,
      code: "farbe",
      label: "Farbe",
      useImage: true,
      options: [
        { value: "beige", label: "Beige", image: "/images/beige.jpg" },
        { value: "grau", label: "Grau", image: "/images/grau.jpg" },
        { value: "anthrazit", label: "Anthrazit", image: "/images/anthrazit.jpg" },
      ],
    },
  ],
  variants: [
    { ...offered("PLI-DF-1", 5899), options: { farbe: "beige" } },
    { ...offered("PLI-DF-2", 6299), options: { farbe: "grau" } },
  ],
  roofWindow: null,
};

const roofWindow: ConfiguratorAnswer = {
  sku: "DF-CK02",
  name: "Fenster",
  configurableAttributes: [],
  variants: [],
  roofWindow: {
    steps: [
      {
        componentType: "window",
        code: "fenster",
        name: "Fenster",
        required: true,
        multiple: false,
        choices: [
          { ...offered("DF-CK02", 38899), size: "CK02", fits: null },
          { ...offered("DF-MK04", 47899), size: "MK04", fits: null },
        ],
      },
      {
        componentType: "flashing",
        code: "eindeckrahmen",
        name: "Eindeckrahmen",
        required: true,
        multiple: false,
        choices: [
          { ...offered("EDR-CK02-Z", 10899), size: null, fits: ["CK02"] },
          { ...offered("EDR-MK04-Z", 12899), size: null, fits: ["MK04"] },
        ],
      },
      {
        componentType: "accessories",
        code: "zubehoer",
        name: "Zubehör",
        required: false,
        multiple: true,
        choices: [
          { ...offered("DZ-MOTOR", 32899), size: null, fits: null },
          { ...offered("DZ-OOS", 1000, "out_of_stock"), size: null, fits: null },
        ],
      },
    ],
  },
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[];
function answer(handler: (call: Call) => { status: number; data?: unknown; errors?: unknown[] }) {
  calls = [];
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    const body = init.body instanceof FormData ? Object.fromEntries(init.body.entries()) : typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const call = { method: init.method ?? "GET", path: String(input), body };
    calls.push(call);
    const reply = handler(call);
    return new Response(JSON.stringify({ status: reply.status, data: reply.data ?? null, errors: reply.errors ?? [], meta: {} }), { status: reply.status });
  }) as typeof fetch;
}

afterEach(() => unmountAll());
afterAll(closeBrowser);

const radio = (container: HTMLElement, value: string) => container.querySelector(`input[value="${value}"]`);
const button = (container: HTMLElement, label: string) => [...container.querySelectorAll("button")].find((b) => b.textContent === label) ?? null;

test("product configurator: options as images, the chosen variant to the page, 'not available' without one, the configuration's form data", async () => {
  answer((call) => (call.method === "GET" ? { status: 200, data: pleat } : { status: 200, data: { items: [] } }));
  const choices: (string | null)[] = [];
  const container = await mount(<ConfiguratorPanel sku="PLI-DF" language="de" quantity={2} onChoice={(variant) => choices.push(variant?.sku ?? null)} />);
  await settle();
  expect(calls[0]).toMatchObject({ method: "GET", path: "/apiv2/product-configurator/configurator/PLI-DF" });
  expect(container.querySelectorAll(".configurator-options.images img")).toHaveLength(3);
  const add = button(container, "Konfiguration in den Warenkorb") as HTMLButtonElement;
  expect(add.disabled).toBe(true);

  await clickOn(radio(container, "anthrazit"));
  expect(byTestId(container, "configuration-unavailable")?.textContent).toBe("Die gewählte Konfiguration ist nicht verfügbar.");
  expect(add.disabled).toBe(true);

  await clickOn(radio(container, "grau"));
  expect(byTestId(container, "configuration-unavailable")).toBeNull();
  expect(choices.at(-1)).toBe("PLI-DF-2");
  await clickOn(add);
  await settle();
  expect(calls[1]).toMatchObject({
    method: "POST",
    path: "/apiv2/configuration/cart/add",
    body: { product: "PLI-DF", "super_attribute[farbe]": "grau", qty: "2" },
  });
  expect((calls[1]!.body as Record<string, string>).form_key).toMatch(/.{8,}/);
  expect(container.querySelector(".notice-success")?.textContent).toBe("Artikel wurde zum Warenkorb hinzugefügt");
});

test("product configurator: the refusal's words in the page's language, else the server's message", async () => {
  let errors: unknown[] = [
    { message: "The given data was invalid.", code: "invalid" },
    { message: "This product is out of stock.", code: "out_of_stock", field: "product" },
  ];
  answer((call) => (call.method === "GET" ? { status: 200, data: pleat } : { status: 422, errors }));
  const container = await mount(<ConfiguratorPanel sku="PLI-DF" language="de" quantity={1} onChoice={() => undefined} />);
  await settle();
  await clickOn(radio(container, "beige"));
  await clickOn(button(container, "Konfiguration in den Warenkorb"));
  await settle();
  expect(container.querySelector(".notice-error")?.textContent).toBe("Nicht auf Lager");
  errors = [{ message: "Der Händler sagt nein.", code: "merchant_rule" }];
  await clickOn(button(container, "Konfiguration in den Warenkorb"));
  await settle();
  expect(container.querySelector(".notice-error")?.textContent).toBe("Der Händler sagt nein.");
});

test("roof-window configurator: steps from the data, only fitting components, the set into the cart", async () => {
  answer((call) => (call.method === "GET" ? { status: 200, data: roofWindow } : { status: 200, data: { items: [] } }));
  const container = await mount(<ConfiguratorPanel sku="DF-CK02" language="de" quantity={1} onChoice={() => undefined} />);
  await settle();
  expect([...container.querySelectorAll(".configurator-steps li")].map((li) => li.textContent)).toEqual(["Fenster", "Eindeckrahmen", "Zubehör", "Übersicht"]);
  const next = () => button(container, "Weiter") as HTMLButtonElement;
  expect(next().disabled).toBe(true);
  await clickOn(radio(container, "DF-MK04"));
  await clickOn(next());
  // Only the flashing of the chosen size.
  expect(radio(container, "EDR-CK02-Z")).toBeNull();
  await clickOn(radio(container, "EDR-MK04-Z"));
  await clickOn(next());
  expect((radio(container, "DZ-OOS") as HTMLInputElement).disabled).toBe(true);
  await clickOn(radio(container, "DZ-MOTOR"));
  await clickOn(next());
  const overview = byTestId(container, "roof-window-overview")!;
  expect(overview.querySelectorAll("li")).toHaveLength(3);
  expect(overview.querySelector(".configurator-result")?.textContent).toMatch(/Gesamtpreis des Sets: 936,97\s€/);
  await clickOn(button(container, "Set in den Warenkorb"));
  await settle();
  expect(calls[1]).toMatchObject({
    method: "POST",
    path: "/apiv2/configuration/roof-window/cart",
    body: { sku: "DF-CK02", quantity: 1, choices: { fenster: "DF-MK04", eindeckrahmen: "EDR-MK04-Z", zubehoer: ["DZ-MOTOR"] } },
  });
  expect(container.querySelector(".notice-success")?.textContent).toBe("Das Set mit 3 Teilen liegt im Warenkorb.");
});
