/**
 * The tag manager's side of the pages: Consent Mode defaults before anything else,
 * the dialog's update, the run-time loading of container and consent manager, and every event
 * the pages build, each checked against its schema (domain/tracking-schemas.ts).
 */
import { INTERFACE_TOGGLES, MAX_EVENT_ITEMS, type EcommerceEvent } from "@domain/tracking";
import { ecommerceEventSchema, ecommerceResetSchema, interactionEventSchema, visibilityEventSchema } from "@domain/tracking-schemas";
import { CONSENT_COOKIE } from "../consent";
import { consentDefaultScript, consentState, CONSENT_TYPES, updateConsentMode, WAIT_FOR_UPDATE_MS } from "./consent-mode";
import { interactionEvent, trackEcommerce, trackVisibility, visibilityEvent } from "./data-layer";
import {
  addPaymentInfo,
  addShippingInfo,
  cartLineItem,
  orderPurchase,
  purchase,
  quoteItems,
  selectItem,
  valueEvent,
  viewItemList,
  type ItemInput,
} from "./ecommerce";
import { CONSENT_MANAGER_SCRIPT, loadTracking } from "./load";
import { firstSightOfOrder } from "./use-track";

type Win = Window & { dataLayer?: unknown[]; eval(code: string): unknown };
type JsdomConstructor = new (html: string, options: { url: string; runScripts: "outside-only" }) => { window: Win };
// jsdom has no type declarations installed; only its constructor is used (as in tests/kit/browser-dom.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { JSDOM } = require("jsdom") as { JSDOM: JsdomConstructor };

/** A page with the inline <head> script run against these cookies; makes it the global window/document. */
function page(cookie = ""): Win {
  const dom = new JSDOM("<!doctype html><html><head></head><body></body></html>", { url: "http://de.localhost:8787/", runScripts: "outside-only" });
  for (const pair of cookie.split("; ").filter(Boolean)) dom.window.document.cookie = pair;
  dom.window.eval(consentDefaultScript(CONSENT_COOKIE));
  Object.assign(globalThis, { window: dom.window, document: dom.window.document });
  return dom.window;
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
  delete (globalThis as { document?: unknown }).document;
});

/** A dataLayer entry as plain data (gtag pushes an Arguments object). */
const plain = (entry: unknown): unknown => (Object.prototype.toString.call(entry) === "[object Arguments]" ? [...(entry as IArguments)] : entry);
const denied = Object.fromEntries(CONSENT_TYPES.map((type) => [type, "denied"]));
const granted = Object.fromEntries(CONSENT_TYPES.map((type) => [type, "granted"]));

describe("Consent Mode v2 defaults", () => {
  test("the first entry of the dataLayer: every storage denied, tags wait for the update", () => {
    const win = page();
    expect(win.dataLayer!.map(plain)).toEqual([["consent", "default", { ...denied, wait_for_update: WAIT_FOR_UPDATE_MS }]]);
    // gtag's command form: an Arguments object, which the tag manager reads as a command.
    expect(Object.prototype.toString.call(win.dataLayer![0])).toBe("[object Arguments]");
  });

  test.each([
    ["bh_consent=all", true],
    ["a=1; bh_consent=all", true],
    ["bh_consent=necessary", false],
    ["bh_consent=allx", false],
    ["xbh_consent=all", false],
    ["", false],
  ])("a visitor with '%s' gets the grant right after the defaults: %s", (cookie, grants) => {
    const entries = page(cookie).dataLayer!.map(plain);
    expect(entries[0]).toEqual(["consent", "default", { ...denied, wait_for_update: WAIT_FOR_UPDATE_MS }]);
    expect(entries.slice(1)).toEqual(grants ? [["consent", "update", granted]] : []);
  });

  test("the dialog's answer updates consent: all grants everything, necessary keeps it denied", () => {
    const win = page();
    updateConsentMode("all");
    updateConsentMode("necessary");
    expect(win.dataLayer!.slice(1).map(plain)).toEqual([
      ["consent", "update", granted],
      ["consent", "update", denied],
    ]);
    expect(consentState("all")).toEqual(granted);
  });
});

describe("the tag manager and the consent manager come from the environment, after the defaults", () => {
  test("a container: the gtm.js start event and the container's script", () => {
    const win = page();
    expect(loadTracking({ tagManager: { containerId: "GTM-AB12CD3" }, cookies: { enabled: false, key: "" } })).toEqual({
      tagManager: true,
      consentManager: false,
    });
    const entries = win.dataLayer!.map(plain);
    expect(entries[0]).toEqual(["consent", "default", expect.any(Object)]);
    expect(entries[1]).toEqual({ "gtm.start": expect.any(Number), event: "gtm.js" });
    const scripts = [...win.document.querySelectorAll("script")].map((script) => script.getAttribute("src"));
    expect(scripts).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3"]);
    // Once per page, however often it is asked.
    loadTracking({ tagManager: { containerId: "GTM-AB12CD3" } });
    expect(win.document.querySelectorAll("script")).toHaveLength(1);
    expect(win.dataLayer).toHaveLength(2);
  });

  test("cookies enabled: the consent manager's script with its id code", () => {
    const win = page();
    expect(loadTracking({ tagManager: null, cookies: { enabled: true, key: "a1b2c3d4e5f6" } })).toEqual({ tagManager: false, consentManager: true });
    const script = win.document.querySelector("script")!;
    expect(script.getAttribute("src")).toBe(CONSENT_MANAGER_SCRIPT);
    expect(script.getAttribute("data-cmp-cdid")).toBe("a1b2c3d4e5f6");
  });

  test.each([
    ["nothing configured (the demo)", { tagManager: null, cookies: { enabled: false, key: "" } }],
    ["cookies not enabled, whatever the key", { cookies: { enabled: false, key: "a1b2c3d4e5f6" } }],
    ["a hostile container id", { tagManager: { containerId: 'GTM-1"><img src=x onerror=alert(1)>' } }],
    ["a hostile consent key", { cookies: { enabled: true, key: 'x" onload="alert(1)' } }],
    ["an empty answer", {}],
  ])("%s: nothing loads", (_name, environment) => {
    const win = page();
    expect(loadTracking(environment)).toEqual({ tagManager: false, consentManager: false });
    expect(win.document.querySelectorAll("script")).toHaveLength(0);
    expect(win.dataLayer).toHaveLength(1);
  });
});

const floor = (sku: string, unitPrice: number | null = 4599, quantity = 1): ItemInput => ({
  sku,
  name: `Parkett ${sku}`,
  unitPrice,
  quantity,
  brand: "Holzwerk",
  category: "Parkett",
});
const list = { id: "parkett", name: "Parkett" };

const check = (event: EcommerceEvent | null) => {
  expect(event).not.toBeNull();
  const result = ecommerceEventSchema.safeParse(event);
  if (!result.success) throw new Error(`${event?.event}: ${JSON.stringify(result.error.issues)}`);
  return event!;
};

describe("e-commerce events in the GA4 shape", () => {
  test("every event the pages build meets its schema", () => {
    const events = [
      viewItemList(list, [floor("P-1"), floor("P-2")]),
      selectItem(list, floor("P-2"), 1),
      valueEvent("view_item", "EUR", [floor("P-1")]),
      valueEvent("add_to_cart", "CHF", [floor("P-1", 4599, 3)]),
      valueEvent("remove_from_cart", "EUR", [floor("P-1", 4599, 2)]),
      valueEvent("begin_checkout", "EUR", [floor("P-1"), floor("P-2", 1000, 2)], "WELCOME10"),
      addShippingInfo("EUR", [floor("P-1")], "standard"),
      addPaymentInfo("EUR", [floor("P-1")], "prepayment"),
      purchase({ number: "DE-100001", currency: "EUR", grandTotal: 12345, tax: 1971, shipping: 590, items: [floor("P-1")] }),
    ];
    expect(events.map((event) => check(event).event)).toEqual([
      "view_item_list",
      "select_item",
      "view_item",
      "add_to_cart",
      "remove_from_cart",
      "begin_checkout",
      "add_shipping_info",
      "add_payment_info",
      "purchase",
    ]);
  });

  test("value is the items' price times quantity in decimal units, with the currency beside it", () => {
    expect(check(valueEvent("add_to_cart", "CHF", [floor("P-1", 4599, 3)])).ecommerce).toEqual({
      currency: "CHF",
      value: 137.97,
      items: [{ item_id: "P-1", item_name: "Parkett P-1", price: 45.99, quantity: 3, item_brand: "Holzwerk", item_category: "Parkett" }],
    });
    expect(check(valueEvent("begin_checkout", "EUR", [floor("P-1"), floor("P-2", 1000, 2)], "WELCOME10")).ecommerce).toMatchObject({
      value: 65.99,
      coupon: "WELCOME10",
    });
  });

  test("at most 200 items; the value still counts them all", () => {
    const many = Array.from({ length: 250 }, (_, index) => floor(`P-${index}`, 100));
    const view = check(valueEvent("begin_checkout", "EUR", many));
    expect(view.ecommerce.items).toHaveLength(MAX_EVENT_ITEMS);
    expect(view.ecommerce.value).toBe(250);
    expect(check(viewItemList(list, many)).ecommerce.items).toHaveLength(MAX_EVENT_ITEMS);
    expect(
      ecommerceEventSchema.safeParse({
        event: "view_item_list",
        ecommerce: { ...list, items: many.map((_, index) => ({ item_id: `P-${index}`, item_name: "x", price: 1, quantity: 1 })) },
      }).success,
    ).toBe(false);
  });

  test("products without a price, with a hostile price or an empty name are no items; nothing left means no event", () => {
    expect(valueEvent("view_item", "EUR", [floor("P-1", null)])).toBeNull();
    expect(valueEvent("view_item", "EUR", [floor("P-1", Number.NaN), floor("P-2", -5), floor("P-3", Number.POSITIVE_INFINITY)])).toBeNull();
    expect(valueEvent("view_item", "EUR", [{ ...floor("P-1"), name: "" }])).toBeNull();
    expect(selectItem(list, floor("P-1", null), 0)).toBeNull();
    expect(check(viewItemList(list, [floor("P-1", null), floor("P-2")])).ecommerce.items.map((item) => item.item_id)).toEqual(["P-2"]);
    expect(purchase({ number: "", currency: "EUR", grandTotal: 1, tax: 0, shipping: 0, items: [floor("P-1")] })).toBeNull();
  });

  test("the schema refuses a value without currency, a float of cents, an unknown event", () => {
    const good = check(valueEvent("view_item", "EUR", [floor("P-1")]));
    expect(ecommerceEventSchema.safeParse({ ...good, ecommerce: { ...good.ecommerce, currency: undefined } }).success).toBe(false);
    expect(ecommerceEventSchema.safeParse({ ...good, ecommerce: { ...good.ecommerce, currency: "euro" } }).success).toBe(false);
    expect(ecommerceEventSchema.safeParse({ ...good, event: "view_promotion" }).success).toBe(false);
    expect(ecommerceEventSchema.safeParse({ ...good, ecommerce: { ...good.ecommerce, items: [{ ...good.ecommerce.items[0], quantity: 1.5 }] } }).success).toBe(
      false,
    );
  });

  test("cart lines: the price of one package from the row total, the quantity added", () => {
    const lines = [
      { sku: "S-1", kind: "sample", name: "Muster", quantity: 1, rowTotal: { amount: 0 } },
      { sku: "P-1", kind: "product", name: "Parkett Eiche", quantity: 4, rowTotal: { amount: 18396 } },
    ];
    expect(cartLineItem(lines, "P-1", 2)).toEqual({ sku: "P-1", name: "Parkett Eiche", unitPrice: 4599, quantity: 2 });
    expect(cartLineItem(lines, "S-1", 1).unitPrice).toBeNull();
    expect(cartLineItem(lines, "GONE", 1).unitPrice).toBeNull();
  });

  test("a placed order: grand total, tax, shipping, voucher, product lines only", () => {
    const money = (amount: number) => ({ amount });
    const event = check(
      orderPurchase({
        orderNumber: "DE-100001",
        currency: "EUR",
        lines: [
          { sku: "P-1", kind: "product", name: "Parkett Eiche", quantity: 2, packagePrice: money(4599) },
          { sku: "S-1", kind: "sample", name: "Muster", quantity: 1, packagePrice: money(0) },
        ],
        totals: { voucher: { code: "WELCOME10" }, shipping: money(590), tax: { amount: money(1563) }, grandTotal: money(9788) },
      }),
    );
    expect(event.ecommerce).toMatchObject({ transaction_id: "DE-100001", value: 97.88, tax: 15.63, shipping: 5.9, coupon: "WELCOME10" });
    expect(event.ecommerce.items.map((item) => item.item_id)).toEqual(["P-1"]);
    expect(quoteItems([{ sku: "P-1", name: "x", quantity: 3, packagePrice: money(100) }])).toEqual([{ sku: "P-1", name: "x", unitPrice: 100, quantity: 3 }]);
  });

  test("each e-commerce push is preceded by { ecommerce: null }", () => {
    const win = page();
    trackEcommerce(valueEvent("view_item", "EUR", [floor("P-1")]));
    trackEcommerce(null);
    trackEcommerce(valueEvent("add_to_cart", "EUR", [floor("P-1")]));
    const pushed = win.dataLayer!.slice(1);
    expect(pushed.map((entry) => (entry as { event?: string }).event ?? "reset")).toEqual(["reset", "view_item", "reset", "add_to_cart"]);
    for (const reset of [pushed[0], pushed[2]]) expect(ecommerceResetSchema.safeParse(reset).success).toBe(true);
  });

  test("a purchase is counted once per order in this browser", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
    expect(firstSightOfOrder("DE-1", storage)).toBe(true);
    expect(firstSightOfOrder("DE-1", storage)).toBe(false);
    expect(firstSightOfOrder("DE-2", storage)).toBe(true);
    for (let index = 3; index < 30; index += 1) firstSightOfOrder(`DE-${index}`, storage);
    expect(store.get("bh_tracked_orders")!.split(",")).toHaveLength(20);
  });
});

describe("the spec's event shape and the interface toggles", () => {
  test("an interaction names category, action, label, value, extra data and the frontend type", () => {
    const event = interactionEvent("search", "submit", "eiche", 12, { tab: "products", empty: false });
    expect(interactionEventSchema.parse(event)).toEqual({
      event: "interaction",
      category: "search",
      action: "submit",
      label: "eiche",
      value: 12,
      extraData: { tab: "products", empty: false },
      frontendType: "gatsby",
    });
    expect(interactionEventSchema.safeParse({ ...event, frontendType: "legacy" }).success).toBe(false);
    expect(interactionEventSchema.safeParse({ ...event, extraData: { nested: { a: 1 } } }).success).toBe(false);
  });

  test.each(INTERFACE_TOGGLES.map((toggle) => [toggle]))("%s opens and closes as events", (toggle) => {
    expect(visibilityEventSchema.parse(visibilityEvent(toggle, true))).toMatchObject({ category: "interface", action: "open", label: toggle });
    expect(visibilityEventSchema.parse(visibilityEvent(toggle, false))).toMatchObject({ action: "close" });
  });

  test("a toggle that is not one of the interface toggles is refused; reported toggles reach the dataLayer", () => {
    expect(visibilityEventSchema.safeParse({ ...visibilityEvent("cartModal", true), label: "popup" }).success).toBe(false);
    const win = page();
    trackVisibility("mobileMenu", true);
    expect(win.dataLayer!.at(-1)).toMatchObject({ event: "interaction", category: "interface", action: "open", label: "mobileMenu" });
  });
});
