import { expect, test } from "@playwright/test";
import { isOrderable } from "@scripts/lib/demo-products";
import { demoProducts } from "./support/shopper";
import { hydrated, testOrigin } from "./support/site";

/**
 * The header's carts: the sample cart entry beside the cart counts the samples and opens the
 * sample cart on any page, also when it is full; the sample button's alert names the sample
 * cart (not the cart) and opens it; after an add-to-cart the mini-cart below the header's
 * cart shows the line, the cart's count and goods value, leads to the cart and closes with
 * Escape, giving the focus back.
 */
const ORIGIN = testOrigin("DE");

test.use({ viewport: { width: 1280, height: 900 } });

test("the sample cart: its alert, its header entry on every page, also when full", async ({ page, context, request }) => {
  test.setTimeout(90_000);
  await context.addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(ORIGIN).hostname, path: "/" }]);
  const withSamples = (await demoProducts(request, "DE")).filter((product) => isOrderable(product) && product.samples.active);
  expect(withSamples.length).toBeGreaterThanOrEqual(8);
  const [first, ...more] = withSamples;

  await page.goto(`${ORIGIN}/${first!.slug}.html`);
  await page.keyboard.press("Shift");
  const entry = page.getByTestId("sample-cart-entry");
  await expect(page.getByTestId("sample-cart-count")).toHaveText("0");
  await page.getByTestId("sample-button").click();
  const alert = page.getByTestId("alert-success");
  await expect(alert).toContainText("Das Muster liegt in Ihrem Musterkorb.");
  await expect(alert).not.toContainText("Warenkorb hinzugefügt");
  const panel = page.getByTestId("sample-panel");
  await expect(panel).toContainText(first!.content.title);
  await expect(panel).toBeFocused();
  await expect(page.getByTestId("sample-cart-count")).toHaveText("1");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(entry).toBeFocused();

  // Another page: the entry counts and opens the sample cart.
  await page.goto(`${ORIGIN}/`);
  await page.keyboard.press("Shift");
  await expect(page.getByTestId("sample-cart-count")).toHaveText("1");
  await expect(entry).toHaveAccessibleName(/Musterkorb: 1 Muster/);
  await entry.click();
  await expect(panel).toContainText(first!.content.title);
  await panel.getByRole("button", { name: "Weiter stöbern" }).click();
  await expect(panel).toBeHidden();

  // Full (7 samples): the sample button says so and opens it; the entry opens it on any page.
  // Through the page (its token cookie; Node does not resolve *.localhost).
  const call = (method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ([method, path, body]) => {
        const response = await fetch(path as string, {
          method: method as string,
          headers: { "content-type": "application/json" },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, json: (await response.json()) as unknown };
      },
      [method, path, body] as const,
    );
  for (const product of more.slice(0, 6)) {
    const added = await call("POST", "/apiv2/sample/product/cart/add", { sku: product.sku, quantity: 1, recommendation: false });
    expect(added.status, product.sku).toBe(200);
  }
  await page.goto(`${ORIGIN}/${more[6]!.slug}.html`);
  await page.keyboard.press("Shift");
  await expect(page.getByTestId("sample-cart-count")).toHaveText("7");
  await page.getByTestId("sample-button").click();
  const full = page.getByTestId("alert-error");
  await expect(full).toContainText("Ihr Musterkorb ist voll");
  await full.getByRole("button", { name: "Musterkorb öffnen" }).click();
  await expect(page.getByTestId("sample-remaining")).toHaveText("Ihr Musterkorb ist voll.");
  await page.keyboard.press("Escape");
  await page.goto(`${ORIGIN}/`);
  await page.keyboard.press("Shift");
  // A click before the entry has hydrated would go nowhere.
  await hydrated(page, "[data-testid=sample-cart-entry]");
  await entry.click();
  await expect(page.getByTestId("sample-remaining")).toHaveText("Ihr Musterkorb ist voll.");

  // A long-delivery sample says its delivery time before the order, as the mail does.
  const cart = (await call("GET", "/apiv2/sample/product/cart")).json as { data: { cart: { items: { name: string; longDelivery: boolean }[] } } };
  for (const item of cart.data.cart.items) {
    const line = panel.locator(".sample-items li", { hasText: item.name });
    if (item.longDelivery) await expect(line).toContainText("(Lieferzeit 2–3 Wochen)");
    else await expect(line).not.toContainText("Lieferzeit");
  }
});

test("after an add-to-cart the mini-cart shows the line, the cart's count and goods value, and leads to the cart", async ({ page, context, request }) => {
  await context.addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(ORIGIN).hostname, path: "/" }]);
  const product = (await demoProducts(request, "DE")).find((each) => isOrderable(each) && each.stock.quantity >= 10)!;
  await page.goto(`${ORIGIN}/${product.slug}.html`);
  await page.keyboard.press("Shift");
  const button = page.getByTestId("add-to-cart");
  await expect(button).toBeEnabled();
  await page.locator(`#quantity-${product.sku}`).fill("2");
  const answer = page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname === "/apiv2/cart/");
  await button.click();
  const cart = (
    (await (await answer).json()) as {
      data: {
        items: { sku: string; quantity: number; rowTotal: { formattedWithCurrency: string } }[];
        totals: { goodsValue: { formattedWithCurrency: string } };
      };
    }
  ).data;
  const line = cart.items.find((item) => item.sku === product.sku)!;

  const mini = page.getByTestId("mini-cart-panel");
  await expect(mini).toBeFocused();
  await expect(mini.getByRole("heading")).toHaveText("Im Warenkorb");
  await expect(mini.getByTestId("mini-cart-line")).toContainText(`2 × ${product.content.title}`);
  await expect(mini.getByTestId("mini-cart-line")).toContainText(line.rowTotal.formattedWithCurrency);
  await expect(mini.getByTestId("mini-cart-summary")).toContainText(`${cart.items.length} Artikel im Warenkorb`);
  await expect(mini.getByTestId("mini-cart-summary")).toContainText(`Warenwert: ${cart.totals.goodsValue.formattedWithCurrency}`);
  await page.keyboard.press("Escape");
  await expect(mini).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await expect(mini).toBeVisible();
  await mini.getByTestId("mini-cart-continue").click();
  await expect(mini).toBeHidden();
  await button.click();
  await mini.getByTestId("mini-cart-to-cart").click();
  await expect(page.getByTestId("cart-page")).toBeVisible();
  await expect(mini).toBeHidden();
});
