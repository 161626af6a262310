import { clickOn as click, closeBrowser, mount as render, settle, typeInto as type } from "@tests/kit/browser-dom";
import React from "react";
import { button, field, type RecordedCall, resetScreens, stubApi, WithAccount } from "@tests/kit/account-screens";
import { money } from "@domain/money";
import type { Project } from "@domain/account";
import { createGuestProject, addGuestItem, readGuestProjects } from "./guest-projects";
import { ProjectMenu } from "./ProjectMenu";
import { Projects } from "./Projects";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));
jest.mock("gatsby", () => jest.requireActual("@tests/kit/account-screens").gatsbyMock());

const erika = {
  id: "c-1",
  type: "private",
  firstName: "Erika",
  surname: "Muster",
  email: "erika@example.com",
  companyName: null,
  vatId: null,
  postcode: "10115",
  city: "Berlin",
  country: "de",
  phone: "+49 30 1234567",
  verified: true,
};
const cart = { items: [], miniCart: { itemCount: 2, linkToCart: "/checkout/cart/" }, totals: { currency: "EUR", goodsValue: money(0, "EUR", "de") } };

const item = (itemId: number, sku: string, name: string, quantity: number) => ({
  itemId,
  sku,
  name,
  link: `/${sku.toLowerCase()}.html`,
  image: null,
  quantity,
  unit: "SQM",
  unitLabel: "m²",
  packagePrice: money(2995, "EUR", "de"),
  available: true,
});

let calls: RecordedCall[];
afterEach(resetScreens);
afterAll(closeBrowser);

const menu = (quantity = 3) =>
  render(
    <WithAccount>
      <ProjectMenu sku="FLOOR-1" name="Eiche Landhausdiele" link="/eiche-landhausdiele.html" quantity={quantity} projectsPath="/customer/projects/" />
    </WithAccount>,
  );
const message = (container: HTMLElement) => container.querySelector('[data-testid="project-menu-message"]')?.textContent?.trim();

describe("the product page's project menu", () => {
  test("a guest: create a new project with the product, add it again to that project (summed), manage", async () => {
    calls = stubApi((call) => (call.path === "/apiv2/customer" ? { status: 200, data: { customer: null } } : undefined));
    const container = await menu(3);
    await settle();
    await click(button(container, "Zum Projekt hinzufügen"));
    expect(container.querySelector('a[href="/customer/projects/"]')?.textContent).toBe("Projekte verwalten");
    await click(button(container, "Neues Projekt anlegen"));
    await type(field(container, "Name des neuen Projekts"), "Bad oben");
    await click(button(container, "Anlegen und hinzufügen"));
    expect(message(container)).toBe("3 Pakete „Eiche Landhausdiele“ wurden zu „Bad oben“ hinzugefügt. Projekte verwalten");
    await click(button(container, "Zum Projekt hinzufügen"));
    await click(button(container, "Zu „Bad oben“ hinzufügen"));
    expect(readGuestProjects().map((project) => [project.name, project.items.map((line) => [line.sku, line.quantity, line.link])])).toEqual([
      ["Bad oben", [["FLOOR-1", 6, "/eiche-landhausdiele.html"]]],
    ]);
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  test("a customer: the account's projects; adding and creating go to the API", async () => {
    const projects: Project[] = [{ id: 7, name: "Küche", updatedAt: "2026-11-20T10:00:00.000Z", items: [] }];
    calls = stubApi((call) => {
      if (call.path === "/apiv2/customer") return { status: 200, data: { customer: erika } };
      if (call.path === "/apiv2/customer/projects" && call.method === "GET") return { status: 200, data: { projects } };
      if (call.path === "/apiv2/customer/projects" && call.method === "POST") {
        const project = { id: 8, name: (call.body as { name: string }).name, updatedAt: "2026-11-24T10:00:00.000Z", items: [] };
        projects.push(project);
        return { status: 200, data: { project } };
      }
      if (/^\/apiv2\/customer\/projects\/\d+\/items$/.test(call.path)) return { status: 200, data: { projects } };
      return undefined;
    });
    const container = await menu(2);
    await settle();
    await click(button(container, "Zum Projekt hinzufügen"));
    await click(button(container, "Zu „Küche“ hinzufügen"));
    expect(message(container)).toBe("2 Pakete „Eiche Landhausdiele“ wurden zu „Küche“ hinzugefügt. Projekte verwalten");
    await click(button(container, "Zum Projekt hinzufügen"));
    await click(button(container, "Neues Projekt anlegen"));
    await type(field(container, "Name des neuen Projekts"), "Terrasse");
    await click(button(container, "Anlegen und hinzufügen"));
    const writes = calls.filter((call) => call.method !== "GET").map((call) => [call.method, call.path, call.body]);
    expect(writes).toEqual([
      ["POST", "/apiv2/customer/projects/7/items", { sku: "FLOOR-1", quantity: 2 }],
      ["POST", "/apiv2/customer/projects", { name: "Terrasse" }],
      ["POST", "/apiv2/customer/projects/8/items", { sku: "FLOOR-1", quantity: 2 }],
    ]);
    expect(calls.filter((call) => call.method !== "GET").every((call) => Boolean(call.headers["idempotency-key"]))).toBe(true);
    expect(readGuestProjects()).toEqual([]);
  });

  test("a customer: an answer whose data is no object (not the contract's) is not read; the list is read again", async () => {
    const projects: Project[] = [{ id: 7, name: "Küche", updatedAt: "2026-11-20T10:00:00.000Z", items: [] }];
    calls = stubApi((call) => {
      if (call.path === "/apiv2/customer") return { status: 200, data: { customer: erika } };
      if (call.path === "/apiv2/customer/projects" && call.method === "GET") return { status: 200, data: { projects } };
      if (call.path === "/apiv2/customer/projects" && call.method === "POST") {
        projects.push({ id: 8, name: (call.body as { name: string }).name, updatedAt: "2026-11-24T10:00:00.000Z", items: [] });
        return { status: 200, data: "created" };
      }
      if (/^\/apiv2\/customer\/projects\/\d+\/items$/.test(call.path)) return { status: 200, data: "added" };
      return undefined;
    });
    const container = await menu(2);
    await settle();
    await click(button(container, "Zum Projekt hinzufügen"));
    await click(button(container, "Neues Projekt anlegen"));
    await type(field(container, "Name des neuen Projekts"), "Terrasse");
    await click(button(container, "Anlegen und hinzufügen"));
    // The new project is found in the list read again, by its name, and the product goes into it.
    expect(calls.filter((call) => call.method !== "GET").map((call) => [call.method, call.path])).toEqual([
      ["POST", "/apiv2/customer/projects"],
      ["POST", "/apiv2/customer/projects/8/items"],
    ]);
    expect(message(container)).toBe("2 Pakete „Eiche Landhausdiele“ wurden zu „Terrasse“ hinzugefügt. Projekte verwalten");
  });

  test("the quantity follows the add-to-cart counter of the same product", async () => {
    calls = stubApi((call) => (call.path === "/apiv2/customer" ? { status: 200, data: { customer: null } } : undefined));
    const container = await menu(1);
    await settle();
    await React.act(async () => {
      window.dispatchEvent(new CustomEvent("bh:cart-quantity", { detail: { sku: "OTHER-9", quantity: 40 } }));
      window.dispatchEvent(new CustomEvent("bh:cart-quantity", { detail: { sku: "FLOOR-1", quantity: 12 } }));
    });
    await click(button(container, "Zum Projekt hinzufügen"));
    await click(button(container, "Neues Projekt anlegen"));
    await type(field(container, "Name des neuen Projekts"), "Flur");
    await click(button(container, "Anlegen und hinzufügen"));
    expect(readGuestProjects()[0]!.items.map((line) => [line.sku, line.quantity])).toEqual([["FLOOR-1", 12]]);
  });

  test("a quantity typed into the add-to-cart counter before the menu loaded counts too", async () => {
    calls = stubApi((call) => (call.path === "/apiv2/customer" ? { status: 200, data: { customer: null } } : undefined));
    const counter = document.body.appendChild(document.createElement("input"));
    counter.id = "quantity-FLOOR-1";
    counter.value = "9";
    const container = await menu(1);
    await settle();
    await click(button(container, "Zum Projekt hinzufügen"));
    await click(button(container, "Neues Projekt anlegen"));
    await type(field(container, "Name des neuen Projekts"), "Keller");
    await click(button(container, "Anlegen und hinzufügen"));
    expect(readGuestProjects()[0]!.items.map((line) => line.quantity)).toEqual([9]);
  });

  test("a refusal is said in words", async () => {
    calls = stubApi((call) => {
      if (call.path === "/apiv2/customer") return { status: 200, data: { customer: erika } };
      if (call.path === "/apiv2/customer/projects" && call.method === "GET")
        return { status: 200, data: { projects: [{ id: 7, name: "Küche", updatedAt: "2026-11-20T10:00:00.000Z", items: [] }] } };
      if (call.path === "/apiv2/customer/projects/7/items")
        return {
          status: 422,
          errors: [
            { message: "x", code: "invalid" },
            { message: "Too many", code: "project_full", field: "sku" },
          ],
        };
      return undefined;
    });
    const container = await menu();
    await settle();
    await click(button(container, "Zum Projekt hinzufügen"));
    await click(button(container, "Zu „Küche“ hinzufügen"));
    expect(message(container)).toBe("Dieses Projekt ist voll: Es kann höchstens 200 Produkte enthalten.");
  });
});

describe("my projects", () => {
  test("a customer: quantities, remove a line, rename, all or the chosen lines to the cart in one call each, delete", async () => {
    let projects: Project[] = [
      {
        id: 7,
        name: "Küche",
        updatedAt: "2026-11-20T10:00:00.000Z",
        items: [item(71, "FLOOR-1", "Eiche Landhausdiele", 3), item(72, "GLUE-2", "Parkettkleber", 1)],
      },
    ];
    calls = stubApi((call) => {
      if (call.path === "/apiv2/customer") return { status: 200, data: { customer: erika } };
      if (call.path === "/apiv2/customer/projects" && call.method === "GET") return { status: 200, data: { projects } };
      if (call.path === "/apiv2/customer/projects/7/to-cart") return { status: 200, data: cart };
      if (call.path === "/apiv2/customer/projects/7" && call.method === "PATCH") {
        projects = projects.map((project) => ({ ...project, name: (call.body as { name: string }).name }));
        return { status: 200, data: { projects } };
      }
      if (call.path === "/apiv2/customer/projects/7" && call.method === "DELETE") {
        projects = [];
        return { status: 200, data: { projects } };
      }
      if (call.path.startsWith("/apiv2/customer/projects/7/items/")) return { status: 200, data: { projects } };
      return undefined;
    });
    const container = await render(
      <WithAccount>
        <Projects />
      </WithAccount>,
    );
    await settle();
    expect(container.querySelector('[data-testid="guest-projects-note"]')).toBeNull();
    const lines = () => [...container.querySelectorAll('[data-testid="project-line"]')];
    expect(lines().map((line) => line.getAttribute("data-sku"))).toEqual(["FLOOR-1", "GLUE-2"]);

    await click(lines()[1]!.querySelector('button[aria-label="Menge erhöhen"]'));
    await click(button(lines()[1] as HTMLElement, "Entfernen"));
    await click(button(container, "Alle in den Warenkorb"));
    await click(lines()[0]!.querySelector('input[type="checkbox"]'));
    await click(button(container, "1 ausgewähltes Produkt in den Warenkorb"));
    await click(button(container, "Umbenennen"));
    await type(field(container, "Projektname"), "Küche EG");
    await click(button(container, "Speichern"));
    await click(button(container, "Löschen"));
    expect(container.textContent).toContain("Möchten Sie das Projekt „Küche EG“ wirklich löschen?");
    await click(button(container, "Ja, löschen"));

    expect(calls.filter((call) => call.method !== "GET").map((call) => [call.method, call.path, call.body ?? null])).toEqual([
      ["PATCH", "/apiv2/customer/projects/7/items/72", { quantity: 2 }],
      ["DELETE", "/apiv2/customer/projects/7/items/72", null],
      ["POST", "/apiv2/customer/projects/7/to-cart", {}],
      ["POST", "/apiv2/customer/projects/7/to-cart", { itemIds: [71] }],
      ["PATCH", "/apiv2/customer/projects/7", { name: "Küche EG" }],
      ["DELETE", "/apiv2/customer/projects/7", null],
    ]);
    expect(container.querySelector('[data-testid="projects-empty"]')).not.toBeNull();
  });

  test("a guest: the browser's projects, a note to sign in, and all lines to the cart", async () => {
    const kitchen = createGuestProject("Küche")!;
    addGuestItem(kitchen.id, { sku: "FLOOR-1", quantity: 3, name: "Eiche Landhausdiele", link: "/eiche.html" });
    addGuestItem(kitchen.id, { sku: "GLUE-2", quantity: 1, name: "Parkettkleber", link: null });
    calls = stubApi((call) => {
      if (call.path === "/apiv2/customer") return { status: 200, data: { customer: null } };
      if (call.path === "/apiv2/cart/") return { status: 200, data: cart };
      return undefined;
    });
    const container = await render(
      <WithAccount>
        <Projects />
      </WithAccount>,
    );
    await settle();
    const note = container.querySelector('[data-testid="guest-projects-note"]');
    expect(note?.textContent).toContain("Ihre Projekte werden nur in diesem Browser gespeichert.");
    expect(note?.querySelector('a[href="/customer/account/Login/"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="account-nav"]')).toBeNull();
    await click(button(container, "Alle in den Warenkorb"));
    expect(calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body])).toEqual([
      ["/apiv2/cart/", { sku: "FLOOR-1", quantity: 3 }],
      ["/apiv2/cart/", { sku: "GLUE-2", quantity: 1 }],
    ]);
    expect(container.textContent).toContain("2 Produkte liegen jetzt im Warenkorb.");
  });
});
