import { byTestId, clickOn, closeBrowser, mount, settle } from "@tests/kit/browser-dom";
import React from "react";
import { SWRConfig } from "swr";
import { resetScreens, stubApi } from "@tests/kit/account-screens";
import { testProduct } from "@tests/kit/site";
import type { SampleCart } from "@site/api/client";
import { PATHS } from "@site/api/client";
import { sampleAddRefusal, sampleCall } from "./hooks";
import { SampleCartEntry } from "./SampleCartEntry";
import { SampleButton } from "./Samples";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));

afterEach(resetScreens);
afterAll(closeBrowser);

describe("a refused sample add", () => {
  test.each([
    [[{ code: "sample_cart_full" }], "samples.full"],
    [[{ code: "validation" }, { code: "samples_unavailable" }], "samples.availabilityChanged"],
    [[{ code: "samples_unavailable" }, { code: "sample_cart_full" }], "samples.full"],
    [[{ code: "unknown_product" }], "samples.failed"],
    [[], "samples.failed"],
  ])("%j -> %s", (errors, text) => {
    expect(sampleAddRefusal(errors)).toBe(text);
  });

  test.each([
    [409, "samples_unavailable", "alert-warning", "Die Verfügbarkeit der Muster hat sich geändert.", true],
    [409, "sample_cart_full", "alert-error", "Ihr Musterkorb ist voll (maximal 7 Muster).", false],
    [500, "internal", "alert-error", "Es ist ein Fehler aufgetreten", false],
  ])("answered %i %s: the button's %s says '%s'; the button stays off: %s", async (status, code, alert, text, off) => {
    stubApi((call) => (call.path === "/apiv2/sample/product/cart/add" ? { status, errors: [{ message: "refused", code }] } : undefined));
    const base = testProduct("EUR", "de");
    const container = await mount(<SampleButton sku="P-1" product={{ ...base, samples: { ...base.samples, active: true } }} language="de" />);
    await settle();
    await clickOn(byTestId(container, "sample-button"));
    await settle();
    expect(byTestId(container, alert)?.textContent).toContain(text);
    expect((byTestId(container, "sample-button") as HTMLButtonElement).disabled).toBe(off);
  });
});

describe("the sample cart's answers", () => {
  const options: SampleCart["options"] = {
    isSampleCartFull: false,
    itemSampleLimit: 7,
    sample_slot_count: 7,
    hidden: false,
    contacts: null,
    addressWarnings: [],
  };
  const withTwo: SampleCart = {
    cart: {
      referenceCode: "S-1",
      expirationDate: "2099-01-01T00:00:00Z",
      state: "open",
      itemCount: 2,
      numberOfRemainingSamples: 5,
      hasSampleProducts: true,
      items: ["P-1", "P-2"].map((sku) => ({ sku, name: sku, quantity: 1, image: null, recommendation: false, longDelivery: false })),
      sampleProducts: ["P-1", "P-2"],
    },
    options,
  };
  // Each test reads the sample cart afresh (swr would answer a new mount from the last test's request).
  const entry = () => (
    <SWRConfig value={{ dedupingInterval: 0 }}>
      <SampleCartEntry />
    </SWRConfig>
  );
  const count = (container: HTMLElement) => byTestId(container, "sample-cart-count")?.textContent;

  test.each([PATHS.sampleRemove, PATHS.sampleAdd])("%s answering no cart: the sample cart is empty", async (path) => {
    stubApi((call) => {
      if (call.path === PATHS.sampleCart) return { status: 200, data: withTwo };
      if (call.path === path) return { status: 200, data: { cart: null, options } };
      return undefined;
    });
    const container = await mount(entry());
    await settle(12);
    expect(count(container)).toBe("2");
    await React.act(async () => {
      expect((await sampleCall(path, { sku: "P-1", quantity: 1, recommendation: false })).ok).toBe(true);
    });
    await settle();
    expect(count(container)).toBe("0");
  });

  test("a failed load or write is silent: no alert, no toast, nothing logged; the entry shows an empty sample cart", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const calls = stubApi(() => ({ status: 500, errors: [{ message: "Something went wrong. Try again.", code: "internal" }] }));
      const container = await mount(entry());
      await settle(12);
      expect(calls.some((call) => call.path === PATHS.sampleCart)).toBe(true);
      expect(count(container)).toBe("0");
      await React.act(async () => {
        expect((await sampleCall(PATHS.sampleRemove, { sku: "P-1", quantity: 1, recommendation: false })).ok).toBe(false);
      });
      await settle();
      expect(count(container)).toBe("0");
      expect(document.querySelector("[data-testid^=alert-], .toast")).toBeNull();
      expect(logged.mock.calls.filter((call) => !String(call[0]).startsWith("Warning:"))).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });
});
