import { reviewSettings } from "@site/features/reviews/settings";
import { chatSettings } from "@site/features/chat/settings";
import { buildEnvironment, shopForBuild, widgetsForBuild } from "./shop-for-build";

const SHOPS = ["DE", "CH", "AT", "FR", "IT", "NL", "COM", "BRAND"];

test("a build for a deployed environment names no loopback address: the demo widgets are off, the chat page leads to the contact form", () => {
  for (const environment of ["production", "staging", "integration"] as const)
    for (const id of SHOPS) {
      const widgets = widgetsForBuild(shopForBuild(id), environment);
      expect(JSON.stringify(widgets)).not.toMatch(/127\.0\.0\.1|localhost/);
      expect(reviewSettings(JSON.stringify(widgets.reviews)).widgetScript).toBeNull();
      expect(chatSettings(JSON.stringify(widgets.chat))).toBeNull();
    }
});

test("a local build loads the widgets from the environment's stand-in, as the pages read them", () => {
  for (const environment of ["development", "test"] as const) {
    const de = widgetsForBuild(shopForBuild("DE"), environment);
    expect(reviewSettings(JSON.stringify(de.reviews)).widgetScript).toBe("http://127.0.0.1:12131/reviews/widget/DE-DEMO.js");
    expect(chatSettings(JSON.stringify(de.chat))).toEqual({ name: "Demo-Chat", scriptUrl: "http://127.0.0.1:12131/chat/widget/DE-DEMO.js" });
    expect(widgetsForBuild(shopForBuild("FR"), environment).chat).toBeNull();
  }
});

test("the build's environment is ENVIRONMENT_NAME, production without one; an unknown name fails the build", () => {
  expect(buildEnvironment(undefined)).toBe("production");
  expect(buildEnvironment("")).toBe("production");
  expect(buildEnvironment("test")).toBe("test");
  for (const bad of ["prod", "Development", "development ", "__proto__"]) expect(() => buildEnvironment(bad)).toThrow(/ENVIRONMENT_NAME must be one of/);
});
