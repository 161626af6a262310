import { byTestId, clickOn, closeBrowser, mount, settle, typeInto, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { stubApi } from "@tests/kit/account-screens";
import { testProduct } from "@tests/kit/site";
import type { SampleCart } from "@site/api/client";
import { SampleButton } from "@site/features/commerce/Samples";
import { SampleCartEntry } from "@site/features/commerce/SampleCartEntry";
import { Tabs } from "@site/components/product/Tabs";
import { TextMarkedWatcher } from "@site/components/product/TextMarkedWatcher";
import { ConfiguratorLauncher } from "@site/features/configurator/ConfiguratorLauncher";
import { SearchForm } from "@site/features/search/SearchForm";
import { DiyPanel } from "@site/features/videos/DiyPanel";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));
jest.mock("@site/features/videos/videos.css", () => ({}));
// The on-demand parts stand in for themselves: what is tested is the toggle of the component that owns it.
jest.mock("@site/features/configurator/ConfiguratorPanel", () => ({ __esModule: true, default: () => <p data-testid="configurator-panel" /> }));
jest.mock("@site/features/search/SearchOverlay", () => ({
  __esModule: true,
  default: ({ onClose }: { onClose: () => void }) => (
    <button type="button" data-testid="overlay-close" onClick={onClose}>
      ×
    </button>
  ),
}));
jest.mock("@site/features/commerce/SampleCheckout", () => ({
  __esModule: true,
  default: ({ onFinished }: { onFinished: (code: string) => void }) => (
    <button type="button" data-testid="sample-order-placed" onClick={() => onFinished("PR-4711")}>
      ✓
    </button>
  ),
}));
jest.mock("@site/components/TextMarkedDialog", () => ({
  __esModule: true,
  default: ({ onClose }: { onClose: () => void }) => (
    <button type="button" data-testid="dialog-close" onClick={onClose}>
      ×
    </button>
  ),
}));

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => unmountAll());
afterAll(closeBrowser);

/** The interface toggle reports in the dataLayer, in the order they were pushed. */
const reports = () =>
  (window.dataLayer ?? [])
    .filter((entry): entry is { event: string; category: string; action: string; label: string } => (entry as { category?: string }).category === "interface")
    .map((entry) => `${entry.label}:${entry.action}`);

describe("the storefront's toggles report opening and closing", () => {
  test("the DIY panel: nothing while closed, then open and close (button and Escape), every time", async () => {
    const product = testProduct("EUR", "de");
    const container = await mount(<DiyPanel product={product} />);
    expect(window.dataLayer).toEqual([]);
    const opener = container.querySelector("button.diy-open");
    await clickOn(opener);
    expect(reports()).toEqual(["diyPanel:open"]);
    expect(window.dataLayer!.at(-1)).toEqual({
      event: "interaction",
      category: "interface",
      action: "open",
      label: "diyPanel",
      value: null,
      extraData: null,
      frontendType: "gatsby",
    });
    await clickOn(byTestId(container, "diy-panel")!.querySelector(".diy-panel-head button"));
    expect(byTestId(container, "diy-panel")).toBeNull();
    expect(reports()).toEqual(["diyPanel:open", "diyPanel:close"]);
    await clickOn(opener);
    await React.act(async () => {
      window.dispatchEvent(new window.KeyboardEvent("keydown", { key: "Escape" }));
    });
    expect(reports()).toEqual(["diyPanel:open", "diyPanel:close", "diyPanel:open", "diyPanel:close"]);
  });

  test("the product configurator: the launcher's toggle reports open and close, not its closed first render", async () => {
    const container = await mount(<ConfiguratorLauncher sku="PLI-DF" language="de" quantity={1} roofWindow={false} onChoice={() => undefined} />);
    expect(reports()).toEqual([]);
    await clickOn(byTestId(container, "open-configurator"));
    expect(byTestId(container, "configurator-panel")).not.toBeNull();
    expect(reports()).toEqual(["productConfigurator:open"]);
    await clickOn(byTestId(container, "open-configurator"));
    expect(byTestId(container, "configurator-panel")).toBeNull();
    expect(reports()).toEqual(["productConfigurator:open", "productConfigurator:close"]);
  });

  test("the header search: focusing the field opens the overlay (reported once, typing does not report again), its close button closes it", async () => {
    const container = await mount(<SearchForm action="/search/" resultsAction="/search/results/" />);
    expect(reports()).toEqual([]);
    const field = byTestId(container, "header-search") as HTMLInputElement;
    await React.act(async () => {
      field.focus();
    });
    await settle();
    expect(reports()).toEqual(["search:open"]);
    await typeInto(field, "Eiche");
    expect(field.value).toBe("Eiche");
    expect(reports()).toEqual(["search:open"]);
    await clickOn(await findByTestId(container, "overlay-close"));
    expect(reports()).toEqual(["search:open", "search:close"]);
  });

  test("the product tabs: the default tab is not reported at hydration, a switch closes the old tab and opens the new one, a click on the shown tab reports nothing", async () => {
    const tabs = [
      { id: "description", label: "Beschreibung", content: <p>Text</p> },
      { id: "technical", label: "Technische Daten", content: <p>Daten</p> },
    ];
    const container = await mount(<Tabs tabs={tabs} label="Produkt" />);
    expect(reports()).toEqual([]);
    await clickOn(container.querySelector("#tab-technical"));
    expect(container.querySelector("#panel-technical")?.hasAttribute("hidden")).toBe(false);
    expect(reports()).toEqual(["tab:close", "tab:open"]);
    await clickOn(container.querySelector("#tab-technical"));
    expect(reports()).toEqual(["tab:close", "tab:open"]);
  });

  test("the product-mark dialog: a selection of the item number opens it (reported), closing it is reported; other selections report nothing", async () => {
    const selection = jest.spyOn(window, "getSelection");
    try {
      const container = await mount(<TextMarkedWatcher product={{ title: "Landhausdiele Eiche", sku: "LD-4711", ean: null }} />);
      selection.mockReturnValue({ toString: () => "Garten" } as Selection);
      await React.act(async () => {
        document.dispatchEvent(new window.MouseEvent("mouseup"));
      });
      expect(reports()).toEqual([]);
      selection.mockReturnValue({ toString: () => "LD-4711" } as Selection);
      await React.act(async () => {
        document.dispatchEvent(new window.MouseEvent("mouseup"));
      });
      await clickOn(await findByTestId(container, "dialog-close"));
      expect(reports()).toEqual(["productMarkDialog:open", "productMarkDialog:close"]);
    } finally {
      selection.mockRestore();
    }
  });
});

describe("the sample cart and its thank-you", () => {
  const sampleCart: SampleCart = {
    cart: {
      referenceCode: "S-1",
      expirationDate: "2099-01-01T00:00:00Z",
      state: "open",
      itemCount: 1,
      numberOfRemainingSamples: 6,
      hasSampleProducts: true,
      items: [{ sku: "P-1", name: "Eiche", quantity: 1, image: null, recommendation: false, longDelivery: false }],
      sampleProducts: ["P-1"],
    },
    options: { isSampleCartFull: false, itemSampleLimit: 7, sample_slot_count: 7, hidden: false, contacts: null, addressWarnings: [] },
  };

  test("adding a sample opens the cart (reported), the placed order's thank-you opens in it, closing reports the thank-you's and the cart's close; a second visit reports the cart alone", async () => {
    stubApi((call) => {
      if (call.path.startsWith("/apiv2/sample/product/cart")) return { status: 200, data: sampleCart };
      if (call.path.includes("related")) return { status: 200, data: [] };
      return undefined;
    });
    const base = testProduct("EUR", "de");
    // The header's sample cart entry shows the panel the product page's sample button opens.
    const container = await mount(
      <>
        <SampleButton sku="P-1" product={{ ...base, samples: { ...base.samples, active: true } }} language="de" />
        <SampleCartEntry />
      </>,
    );
    expect(window.dataLayer).toEqual([]);
    await clickOn(byTestId(container, "sample-button"));
    expect(byTestId(container, "sample-panel")).not.toBeNull();
    expect(reports()).toEqual(["sampleCart:open"]);
    await clickOn(byTestId(container, "sample-checkout"));
    await clickOn(await findByTestId(container, "sample-order-placed"));
    expect(byTestId(container, "sample-thanks")).not.toBeNull();
    expect(reports()).toEqual(["sampleCart:open", "sampleThankYou:open"]);
    await clickOn(byTestId(container, "sample-thanks")!.querySelector("button"));
    expect(byTestId(container, "sample-panel")).toBeNull();
    expect(reports()).toEqual(["sampleCart:open", "sampleThankYou:open", "sampleThankYou:close", "sampleCart:close"]);
    await clickOn(byTestId(container, "sample-button"));
    expect(byTestId(container, "sample-thanks")).toBeNull();
    expect(reports().slice(4)).toEqual(["sampleCart:open"]);
  });
});

/** Waits for a lazily loaded part to show. */
async function findByTestId(container: HTMLElement, id: string): Promise<Element> {
  for (let round = 0; round < 20; round += 1) {
    const element = byTestId(container, id);
    if (element) return element;
    await React.act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
  throw new Error(`${id} did not show`);
}
