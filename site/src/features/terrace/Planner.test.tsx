import { allByTestId, byTestId, clickOn, closeBrowser, fieldLabelled, mount, typeInto, unmountAll } from "../../../../tests/support/browser-dom";
import React from "react";
import { money } from "../../../../domain/money";
import type { BillLine } from "../../../../domain/terrace/bill";
import type { TerraceCatalogue } from "./api";
import Planner from "./Planner";
import { BillTable } from "./BillTable";

jest.mock("../inquiries/InquiryModal", () => ({ __esModule: true, default: () => null }));
jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("../../../../tests/support/page-translations")>("../../../../tests/support/page-translations").pageTranslations("en"),
);

const eur = (minor: number) => money(minor, "EUR", "en");

/** A planner catalogue as GET /apiv2/terrace/catalogue answers it: one WPC board, its system (no edge product in the catalogue). */
const CATALOGUE: TerraceCatalogue = {
  boards: [
    {
      sku: "WPC-4000",
      name: "WPC decking board 4 m",
      unit: "PCS",
      packageContent: 1,
      packagePrice: eur(2990),
      lengthMm: 4000,
      widthMm: 145,
      gapMm: 5,
      family: "wpc",
      image: null,
      link: "/wpc-4000.html",
      manufacturer: "Terra Deck",
    },
  ],
  systems: [
    {
      id: "wpc-pedestals",
      name: "Aluminium system on pedestals",
      family: "wpc",
      kind: "joists_pedestals",
      joist: { sku: "JOIST-4000", lengthMm: 4000 },
      support: { sku: "PEDESTAL" },
      fastener: { sku: "CLIP-100", kind: "clip" },
      edge: { sku: "EDGE-NOT-SOLD", lengthMm: 2000 },
    },
  ],
  rules: [{ family: "wpc", maxJoistSpacingCm: { straight: 50, diagonal: 40 }, joistOverhangCm: 5, supportSpacingCm: 60, fastenersPerCrossing: 1 }],
  items: [
    { sku: "JOIST-4000", name: "Aluminium joist 4 m", unit: "PCS", packageContent: 1, packagePrice: eur(1990) },
    { sku: "PEDESTAL", name: "Adjustable pedestal", unit: "PCS", packageContent: 10, packagePrice: eur(2500) },
    { sku: "CLIP-100", name: "Hidden clips, 100", unit: "PCS", packageContent: 100, packagePrice: eur(3900) },
  ],
};

function fakeApi() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  global.fetch = (async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ method, path: String(input), body: typeof init.body === "string" ? JSON.parse(init.body) : undefined });
    if (method === "GET" && input === "/apiv2/terrace/catalogue") return new Response(JSON.stringify({ data: CATALOGUE, errors: [] }), { status: 200 });
    return new Response(JSON.stringify({ data: null, errors: [{ message: "Not found", code: "configuration_not_found" }] }), { status: 404 });
  }) as typeof fetch;
  return calls;
}

const originalFetch = global.fetch;
afterAll(() => closeBrowser());
afterEach(() => {
  global.fetch = originalFetch;
  unmountAll();
});

const renderPlanner = () => mount(<Planner shop={{ domainPrefixes: [] }} language="en" currency="EUR" />);

test("without an area the next step is refused with SPEC 5's words; with a drawn rectangle it opens", async () => {
  fakeApi();
  const page = await renderPlanner();
  expect(byTestId(page, "terrace-planner")!.dataset.step).toBe("draw");
  await clickOn(byTestId(page, "to-choose"));
  expect(byTestId(page, "step-problem")!.textContent).toBe("Please fill field room area to continue to the next step");
  expect(byTestId(page, "terrace-planner")!.dataset.step).toBe("draw");
  // Two points are a line, no area either.
  const canvas = byTestId(page, "terrace-canvas")!;
  expect(canvas.getAttribute("aria-label")).toBe("Drawing area of the deck");
  await typeInto(fieldLabelled(page, "Width (m)"), "4");
  await typeInto(fieldLabelled(page, "Depth (m)"), "5");
  await clickOn(byTestId(page, "use-shape"));
  expect(byTestId(page, "terrace-area")!.textContent).toBe("Area: 20 m²");
  await clickOn(byTestId(page, "to-choose"));
  expect(byTestId(page, "terrace-planner")!.dataset.step).toBe("choose");
});

test("typed side lengths and a typed cut-out change the drawing and the live area; crossing sides are refused by the plan rules", async () => {
  fakeApi();
  const page = await renderPlanner();
  await clickOn(byTestId(page, "use-shape"));
  const side = fieldLabelled(page, "Side 1 (m)");
  await typeInto(side, "6");
  await React.act(async () => {
    side.dispatchEvent(new window.FocusEvent("focusout", { bubbles: true }));
  });
  expect(byTestId(page, "terrace-area")!.textContent).toBe("Area: 30 m²");
  expect(byTestId(page, "outline")!.getAttribute("points")).toBe("0,0 6,0 6,5 0,5");
  await clickOn(byTestId(page, "add-cutout"));
  expect(byTestId(page, "terrace-area")!.textContent).toBe("Area: 29 m²");
  const width = byTestId(page, "cutout-0-width")!;
  await typeInto(width, "2");
  await React.act(async () => {
    width.dispatchEvent(new window.KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  });
  expect(byTestId(page, "terrace-area")!.textContent).toBe("Area: 28 m²");
  // A point moved with the arrow keys: 10 cm a press.
  const corner = byTestId(page, "point-2")!;
  await React.act(async () => {
    corner.dispatchEvent(new window.KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
  });
  expect(corner.getAttribute("aria-label")).toBe("Corner 3: 6 m, 5.1 m");
  // Drag corner 3 across the far side: the outline crosses itself.
  for (let press = 0; press < 8; press += 1) {
    await React.act(async () => {
      corner.dispatchEvent(new window.KeyboardEvent("keydown", { key: "ArrowLeft", shiftKey: true, bubbles: true }));
    });
  }
  expect(corner.getAttribute("aria-label")).toBe("Corner 3: -2 m, 5.1 m");
  await clickOn(byTestId(page, "to-choose"));
  expect(byTestId(page, "step-problem")!.textContent).toBe("The sides must not cross or touch each other.");
  expect(byTestId(page, "terrace-planner")!.dataset.step).toBe("draw");
});

test("choosing a board leads to the result: the laying plan, the bill with prices and total, the missing edge product as a visible line", async () => {
  fakeApi();
  const page = await renderPlanner();
  await clickOn(byTestId(page, "use-shape"));
  await clickOn(byTestId(page, "to-choose"));
  await clickOn(byTestId(page, "to-result"));
  expect(byTestId(page, "step-problem")!.textContent).toBe("Please choose a board.");
  await clickOn(page.querySelector('input[name="terrace-board"]'));
  await clickOn(byTestId(page, "edge-boards"));
  await clickOn(byTestId(page, "to-result"));
  expect(byTestId(page, "terrace-planner")!.dataset.step).toBe("result");
  const lines = allByTestId(page, "bill-line");
  expect(lines.map((line) => line.dataset.role)).toEqual(expect.arrayContaining(["board", "joist", "support", "fastener", "edge"]));
  const board = lines.find((line) => line.dataset.role === "board")!;
  expect(board.dataset.sku).toBe("WPC-4000");
  expect(board.textContent).toContain("€29.90");
  const edge = lines.find((line) => line.dataset.role === "edge")!;
  expect(edge.dataset.missing).toBe("not_in_catalogue");
  expect(edge.textContent).toContain("Not in our range – please ask us");
  expect(byTestId(page, "bill-total")!.textContent).toMatch(/^€\d/);
  expect(byTestId(page, "bill-waste")!.textContent).toMatch(/^Waste: \d/);
  expect(Number(byTestId(page, "plan-boards")!.dataset.count)).toBeGreaterThan(30);
  expect(Number(byTestId(page, "plan-joists")!.dataset.count)).toBeGreaterThan(10);
});

test("the bill table: one row per line, package price and row total, a dash and the notice for what the catalogue cannot supply", async () => {
  const lines: BillLine[] = [
    { role: "board", sku: "B1", name: "Board", needed: 20.5, unit: "SQM", packages: 11, packagePrice: eur(4500), rowTotal: eur(49500), missing: null },
    { role: "support", sku: null, name: "Pedestal", needed: 42, unit: "PCS", packages: 0, packagePrice: null, rowTotal: null, missing: "not_in_catalogue" },
  ];
  const page = await mount(<BillTable lines={lines} total={eur(49500)} wastePercent={7.25} />);
  const rows = allByTestId(page, "bill-line");
  expect(rows).toHaveLength(2);
  expect([...rows[0]!.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual(["20.5 m²", "11", "€45.00", "€495.00"]);
  expect([...rows[1]!.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual(["42 pcs", "–", "–", "–"]);
  expect(rows[1]!.textContent).toContain("Not in our range – please ask us");
  expect(page.textContent).toContain("We do not stock some parts; they are not included in the total.");
  expect(byTestId(page, "bill-total")!.textContent).toBe("€495.00");
  expect(byTestId(page, "bill-waste")!.textContent).toBe("Waste: 7.3 %");
});
