import { allByTestId, byTestId, clickOn, closeBrowser, fieldLabelled, mount, settle, typeInto, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { money } from "@domain/money";
import type { BillLine } from "@domain/terrace/bill";
import type { TerraceCatalogue } from "./api";
import Planner from "./Planner";
import { BillTable } from "./BillTable";
import { PLAN_STORAGE_KEY } from "./plan-store";

jest.mock("../inquiries/InquiryModal", () => ({ __esModule: true, default: () => null }));
jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("en"),
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
    {
      id: "wpc-feet",
      name: "Aluminium system on adjustable feet",
      family: "wpc",
      kind: "joists_feet",
      joist: { sku: "JOIST-3000", lengthMm: 3000 },
      support: { sku: "FOOT" },
      fastener: { sku: "CLIP-100", kind: "clip" },
      edge: null,
    },
    {
      id: "wood-pedestals",
      name: "Larch joists on pedestals",
      family: "wood",
      kind: "joists_pedestals",
      joist: { sku: "LARCH-4000", lengthMm: 4000 },
      support: { sku: "PEDESTAL" },
      fastener: { sku: "SCREW-200", kind: "screw" },
      edge: null,
    },
  ],
  rules: [{ family: "wpc", maxJoistSpacingCm: { straight: 50, diagonal: 40 }, joistOverhangCm: 5, supportSpacingCm: 60, fastenersPerCrossing: 1 }],
  items: [
    { sku: "JOIST-4000", name: "Aluminium joist 4 m", unit: "PCS", packageContent: 1, packagePrice: eur(1990) },
    { sku: "PEDESTAL", name: "Adjustable pedestal", unit: "PCS", packageContent: 10, packagePrice: eur(2500) },
    { sku: "CLIP-100", name: "Hidden clips, 100", unit: "PCS", packageContent: 100, packagePrice: eur(3900) },
    { sku: "JOIST-3000", name: "Aluminium joist 3 m", unit: "PCS", packageContent: 1, packagePrice: eur(1590) },
    { sku: "FOOT", name: "Adjustable foot", unit: "PCS", packageContent: 10, packagePrice: eur(1800) },
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
  window.localStorage.clear();
  window.history.replaceState(null, "", "/terrace-planner/");
});

const renderPlanner = () => mount(<Planner shop={{ domainPrefixes: [] }} language="en" currency="EUR" />);

test("without an area the next step is refused with the storefront's words; with a drawn rectangle it opens", async () => {
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

test("the substructure is a choice of its own: the board family's systems with their kind; the chosen one makes the bill", async () => {
  fakeApi();
  const page = await renderPlanner();
  await clickOn(byTestId(page, "use-shape"));
  await clickOn(byTestId(page, "to-choose"));
  expect(byTestId(page, "systems")).toBeNull();
  await clickOn(page.querySelector('input[name="terrace-board"]'));
  const options = allByTestId(page, "system-option");
  // Only the systems of the board's family (no wood system under a WPC board), the first chosen.
  expect(options.map((option) => option.dataset.system)).toEqual(["wpc-pedestals", "wpc-feet"]);
  expect(options[1]!.textContent).toBe("Aluminium system on adjustable feetJoists on adjustable feet");
  expect((options[0]!.querySelector("input") as HTMLInputElement).checked).toBe(true);
  await clickOn(options[1]!.querySelector("input"));
  await clickOn(byTestId(page, "to-result"));
  const skus = allByTestId(page, "bill-line").map((line) => [line.dataset.role, line.dataset.sku]);
  expect(skus).toEqual(
    expect.arrayContaining([
      ["joist", "JOIST-3000"],
      ["support", "FOOT"],
    ]),
  );
  expect(skus.map(([, sku]) => sku)).not.toContain("JOIST-4000");
  expect(skus.map(([, sku]) => sku)).not.toContain("PEDESTAL");
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

describe("the plan kept in the browser", () => {
  const kept = () => JSON.parse(window.localStorage.getItem(PLAN_STORAGE_KEY) ?? "null") as { plan: Record<string, unknown>; step: string } | null;
  const RECTANGLE = [
    [0, 0],
    [4, 0],
    [4, 5],
    [0, 5],
  ];
  const step = (page: HTMLElement) => byTestId(page, "terrace-planner")!.dataset.step;

  test("a reload comes back to the same step with the drawing, the board, the substructure and the edge boards", async () => {
    fakeApi();
    const page = await renderPlanner();
    expect(kept()).toBeNull();
    await typeInto(fieldLabelled(page, "Width (m)"), "4");
    await typeInto(fieldLabelled(page, "Depth (m)"), "5");
    await clickOn(byTestId(page, "use-shape"));
    await clickOn(byTestId(page, "add-cutout"));
    expect(kept()).toMatchObject({ step: "draw", plan: { outline: RECTANGLE, cutouts: [expect.any(Array)] } });
    await clickOn(byTestId(page, "to-choose"));
    await clickOn(page.querySelector('input[name="terrace-board"]'));
    await clickOn(byTestId(page, "edge-boards"));
    await clickOn(byTestId(page, "to-result"));
    expect(kept()).toMatchObject({ step: "result", plan: { boardSku: "WPC-4000", substructureId: "wpc-pedestals", edgeBoards: true } });
    const bill = allByTestId(page, "bill-line").map((line) => [line.dataset.role, line.dataset.sku]);

    unmountAll();
    const again = await renderPlanner();
    await settle();
    expect(step(again)).toBe("result");
    expect(byTestId(again, "layout-facts")!.textContent).toContain("19 m²");
    expect(allByTestId(again, "bill-line").map((line) => [line.dataset.role, line.dataset.sku])).toEqual(bill);
    // Back in the drawing: the same outline.
    await clickOn(again.querySelector(".terrace-actions .button.secondary"));
    await clickOn(again.querySelector(".terrace-actions .button.secondary"));
    expect(step(again)).toBe("draw");
    expect(byTestId(again, "outline")!.getAttribute("points")).toBe("0,0 4,0 4,5 0,5");
  });

  test("what the plan rules refuse is dropped, not shown: not JSON, a crossing outline, a huge area, an unknown step, markup in a reference", async () => {
    fakeApi();
    const plan = { outline: RECTANGLE, cutouts: [], direction: 0 };
    for (const value of [
      "{not json",
      JSON.stringify({
        plan: {
          ...plan,
          outline: [
            [0, 0],
            [4, 5],
            [4, 0],
            [0, 5],
          ],
        },
        step: "draw",
      }),
      JSON.stringify({
        plan: {
          ...plan,
          outline: [
            [0, 0],
            [1e9, 0],
            [0, 1e9],
          ],
        },
        step: "draw",
      }),
      JSON.stringify({ plan, step: "pay" }),
      JSON.stringify({ plan: { ...plan, boardSku: "<img src=x onerror=alert(1)>" }, step: "choose" }),
      JSON.stringify({ plan: { ...plan, direction: -5 }, step: "draw" }),
      "null",
    ]) {
      window.localStorage.setItem(PLAN_STORAGE_KEY, value);
      const page = await renderPlanner();
      expect(step(page)).toBe("draw");
      expect(byTestId(page, "outline")).toBeNull();
      expect(window.localStorage.getItem(PLAN_STORAGE_KEY)).toBeNull();
      unmountAll();
    }
  });

  test("a kept board the catalogue no longer has goes back to the choice; a number in the address loads that plan and leaves the kept one", async () => {
    fakeApi();
    window.localStorage.setItem(
      PLAN_STORAGE_KEY,
      JSON.stringify({ plan: { outline: RECTANGLE, cutouts: [], direction: 0, boardSku: "GONE-1", substructureId: "wpc-pedestals" }, step: "result" }),
    );
    const page = await renderPlanner();
    await settle();
    expect(step(page)).toBe("choose");
    expect(page.querySelector('input[name="terrace-board"]:checked')).toBeNull();
    unmountAll();

    const stored = JSON.stringify({ plan: { outline: RECTANGLE, cutouts: [], direction: 0 }, step: "draw" });
    window.localStorage.setItem(PLAN_STORAGE_KEY, stored);
    window.history.replaceState(null, "", "/terrace-planner/?number=ABCD2345");
    const calls = fakeApi();
    const numbered = await renderPlanner();
    await settle();
    expect(calls.map((call) => call.path)).toContain("/apiv2/terrace/configurations/ABCD2345");
    expect(byTestId(numbered, "planner-message")!.textContent).not.toBe("");
    expect(byTestId(numbered, "outline")).toBeNull();
    expect(window.localStorage.getItem(PLAN_STORAGE_KEY)).toBe(stored);
  });
});
