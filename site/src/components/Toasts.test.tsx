import { closeBrowser, mount, settle, unmountAll } from "@tests/kit/browser-dom";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import React from "react";
import { showToast, TOAST_DISMISS_MS } from "@site/lib/toast-store";
import { Toaster } from "./Toasts";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));

afterEach(() => unmountAll());
afterAll(closeBrowser);

/** The toasts as the page shows them: its stylesheet and the Toaster of every page's layout. */
async function page(): Promise<HTMLElement> {
  const container = await mount(<Toaster />);
  const style = document.createElement("style");
  style.textContent = readFileSync(join(__dirname, "../styles.css"), "utf8");
  document.head.appendChild(style);
  return container;
}

async function toasts(container: HTMLElement, count: number): Promise<HTMLElement[]> {
  for (let round = 0; round < 20 && container.querySelectorAll(".toast").length !== count; round += 1) await settle();
  return [...container.querySelectorAll<HTMLElement>(".toast")];
}

describe("toasts", () => {
  test("bottom right in a live region; closed by a click on them or their button; no progress bar", async () => {
    const container = await page();
    const region = container.querySelector<HTMLElement>(".toasts")!;
    expect(region.getAttribute("role")).toBe("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    const placed = window.getComputedStyle(region);
    expect([placed.position, placed.right, placed.bottom]).toEqual(["fixed", "16px", "16px"]);
    expect(placed.top).not.toBe("0px");
    expect(placed.left).not.toBe("0px");

    await React.act(async () => {
      showToast({ type: "success", message: "Artikel wurde zum Warenkorb hinzugefügt" });
      showToast({ type: "error", message: "Es ist ein Fehler aufgetreten" });
    });
    const [first, second] = await toasts(container, 2);
    expect(first!.className).toBe("toast toast-success");
    expect(second!.textContent).toContain("Es ist ein Fehler aufgetreten");
    expect(container.querySelector("progress, [role=progressbar], .toast-progress")).toBeNull();
    expect([first!, second!].map((toast) => window.getComputedStyle(toast).animationName || "none")).toEqual(["none", "none"]);

    await React.act(async () => first!.querySelector("span")!.click());
    expect((await toasts(container, 1)).map((toast) => toast.textContent)).toEqual(["Es ist ein Fehler aufgetreten×"]);
    const close = second!.querySelector("button")!;
    expect(close.getAttribute("aria-label")).toBe("Schließen");
    await React.act(async () => close.click());
    expect(await toasts(container, 0)).toEqual([]);
  });

  test("each closes by itself after 3 seconds", async () => {
    const container = await page();
    await React.act(async () => showToast({ type: "warning", message: "Hinweis" }));
    await toasts(container, 1);
    jest.useFakeTimers();
    try {
      await React.act(async () => showToast({ type: "warning", message: "Zweiter Hinweis" }));
      expect(await toasts(container, 2)).toHaveLength(2);
      await React.act(async () => jest.advanceTimersByTime(TOAST_DISMISS_MS - 1));
      expect(container.querySelectorAll(".toast")).toHaveLength(2);
      await React.act(async () => jest.advanceTimersByTime(1));
      expect([...container.querySelectorAll(".toast")].map((toast) => toast.textContent)).not.toContain("Zweiter Hinweis×");
    } finally {
      jest.useRealTimers();
    }
  });
});
