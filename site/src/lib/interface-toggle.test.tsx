import { clickOn, closeBrowser, mount, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { lockScroll, useInterfaceToggle } from "./interface-toggle";

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => unmountAll());
afterAll(closeBrowser);

const reports = () => (window.dataLayer ?? []).map((entry) => `${(entry as { label: string }).label}:${(entry as { action: string }).action}`);

/** A panel as the storefront's panels use the helper: opened and closed by its own button. */
function Panel({ name, locksScroll }: { name: "mobileMenu" | "footer"; locksScroll: boolean }) {
  const [open, setOpen] = React.useState(false);
  useInterfaceToggle(name, open, { locksScroll });
  return (
    <button type="button" data-testid={name} onClick={() => setOpen(!open)}>
      {name}
    </button>
  );
}

describe("the interface toggles' helper", () => {
  test("reports opening and closing, not the closed first render; a locking panel locks scrolling while open and gives back what the page had", async () => {
    document.body.style.overflow = "auto";
    const container = await mount(
      <>
        <Panel name="mobileMenu" locksScroll />
        <Panel name="footer" locksScroll={false} />
      </>,
    );
    expect(reports()).toEqual([]);
    await clickOn(container.querySelector('[data-testid="footer"]'));
    expect(document.body.style.overflow).toBe("auto");
    await clickOn(container.querySelector('[data-testid="mobileMenu"]'));
    expect(document.body.style.overflow).toBe("hidden");
    await clickOn(container.querySelector('[data-testid="mobileMenu"]'));
    expect(document.body.style.overflow).toBe("auto");
    expect(reports()).toEqual(["footer:open", "mobileMenu:open", "mobileMenu:close"]);
  });

  test("a locking panel that unmounts while open releases its lock", async () => {
    document.body.style.overflow = "";
    const container = await mount(<Panel name="mobileMenu" locksScroll />);
    await clickOn(container.querySelector('[data-testid="mobileMenu"]'));
    expect(document.body.style.overflow).toBe("hidden");
    unmountAll();
    expect(document.body.style.overflow).toBe("");
  });
});

describe("scroll locks", () => {
  test("two panels open at once: the page scrolls again only when the last one closes; releasing twice changes nothing", async () => {
    await mount(<p />);
    document.body.style.overflow = "scroll";
    const first = lockScroll();
    const second = lockScroll();
    expect(document.body.style.overflow).toBe("hidden");
    first();
    first();
    expect(document.body.style.overflow).toBe("hidden");
    second();
    expect(document.body.style.overflow).toBe("scroll");
    const third = lockScroll();
    expect(document.body.style.overflow).toBe("hidden");
    third();
    expect(document.body.style.overflow).toBe("scroll");
  });
});
