import { CONSOLE_PATHS, isConsoleRoute } from "./console-routes";

describe("the console's routes", () => {
  it.each([
    "/",
    ...Object.values(CONSOLE_PATHS),
    ...Object.values(CONSOLE_PATHS).map((path) => `${path}/`),
    "/orders/DE-100010",
    "/orders/CH-100003/",
    "/returns/RMA-DE-2026-000042",
    "/inquiries/7f0c2a9e-4d1b-4b8e-9a51-0c7d2f3e4a5b",
    "/sample-orders/MU-K7Q2",
    "/mail/42",
    "/catalogue/imports/12",
    "/orders/DE%2F100010",
  ])("%s is one", (path) => {
    expect(isConsoleRoute(path)).toBe(true);
  });

  it.each([
    "",
    "//",
    "/Orders",
    "/ORDERS/DE-100010",
    "/order",
    "/orders-archive",
    "/unknown",
    "/admin",
    "/assets/main.js",
    "/apiv2/cart",
    "/graphql",
    "/orders//DE-100010",
    "/orders/..",
    "/orders/%2e%2e",
    "/orders/%2E",
    "/orders/%zz",
    "/orders/a b",
    "/orders/<script>",
    "/orders/DE-100010?x",
    "orders",
  ])("%s is not", (path) => {
    expect(isConsoleRoute(path)).toBe(false);
  });
});
