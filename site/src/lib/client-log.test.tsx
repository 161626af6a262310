import { closeBrowser, mount, settle } from "@tests/kit/browser-dom";
import React from "react";
import { resetScreens, stubApi } from "@tests/kit/account-screens";
import { changeShippingCountry, useRelated } from "@site/features/commerce/hooks";
import { SamplesCounter } from "@site/features/commerce/Samples";
import ConfiguratorPanel from "@site/features/configurator/ConfiguratorPanel";
import { productFetchFailure } from "./client-log";

// One t for every render (the configurator panel reloads when its t changes).
jest.mock("gatsby-plugin-react-i18next", () => {
  const t = (key: string) => key;
  return { useTranslation: () => ({ t, i18n: { language: "de" } }) };
});

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(async () => {
  logged.mockRestore();
  await resetScreens();
});
afterAll(closeBrowser);

const refused = { status: 503, errors: [{ message: "Service unavailable", code: "unavailable" }] };
/** What the client logged as failures (React's own warnings left out). */
const lines = () => logged.mock.calls.map((call) => call.join(" ")).filter((line) => line.startsWith("Failed"));

function Related({ sku }: { sku: string }) {
  const { data, error } = useRelated(sku);
  return <p data-testid="related">{error ? (error as Error).message : String(data?.length ?? "")}</p>;
}

describe("the client's log texts of failed reads", () => {
  test("a product's name goes into the failure of its read, with the message", () => {
    expect(productFetchFailure("related products", "LD-4711", new Error("Service unavailable")).message).toBe(
      "Failed to fetch related products of product LD-4711: Service unavailable",
    );
    expect(productFetchFailure("configurator", "PLI-DF", "status 0").message).toBe("Failed to fetch configurator of product PLI-DF: status 0");
  });

  test("related products: the rejection names the product and the message, and is logged", async () => {
    stubApi((call) => (call.path.endsWith("/related") ? refused : undefined));
    const container = await mount(<Related sku="LD-4711" />);
    await settle(12);
    const text = "Failed to fetch related products of product LD-4711: Service unavailable";
    expect(container.textContent).toBe(text);
    expect(lines()).toContain(text);
  });

  test("the configurator: the visitor reads the page's message, the log names the product", async () => {
    stubApi((call) => (call.path.startsWith("/apiv2/product-configurator/") ? refused : undefined));
    const container = await mount(<ConfiguratorPanel sku="PLI-DF" language="de" quantity={1} onChoice={() => undefined} />);
    await settle(12);
    expect(container.querySelector(".notice-error")).not.toBeNull();
    expect(lines()).toContain("Failed to fetch configurator of product PLI-DF: Service unavailable");
  });

  test("the daily sample counter: logged, the counter keeps its fallback", async () => {
    stubApi(() => refused);
    const container = await mount(<SamplesCounter />);
    await settle(12);
    expect(lines()).toContain("Failed to fetch product samples counter: Service unavailable");
    expect(container.querySelector("[data-testid=samples-today]")).toBeNull();
  });

  test("the shipping costs after a country change: only logged, the change itself stands", async () => {
    stubApi((call) =>
      call.method === "PUT"
        ? { status: 200, data: { currentCountry: { code: "at", name: "Österreich" }, availableCountries: [] } }
        : call.path.startsWith("/apiv2/shipping/costs/country?code=")
          ? refused
          : undefined,
    );
    await mount(<p />);
    expect(await changeShippingCountry("at")).toEqual({ ok: true, zone: null });
    expect(lines()).toEqual(["Failed to fetch shipping costs for at: Service unavailable"]);
  });
});
