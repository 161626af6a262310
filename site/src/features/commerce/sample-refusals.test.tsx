import { byTestId, clickOn, closeBrowser, mount, settle } from "@tests/kit/browser-dom";
import React from "react";
import { resetScreens, stubApi } from "@tests/kit/account-screens";
import { testProduct } from "@tests/kit/site";
import { sampleAddRefusal } from "./hooks";
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
