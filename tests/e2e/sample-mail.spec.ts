import { expect, test } from "@playwright/test";
import { E2E_MAIL_CATCHER_PORTS, readInbox } from "@scripts/lib/mail-catcher";
import { orderSample, sampleProduct } from "./support/shopper";
import { testOrigin } from "./support/site";

/**
 * A finished sample order reaches the shopper: after the three-step checkout the
 * confirmation is in the local mail catcher's inbox (the global setup's maildev), sent
 * by the test worker over SMTP right after the answer.
 */
const ORIGIN = testOrigin("DE");
const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;

test("finishing a sample order sends the confirmation with the sample to the address of step 1", async ({ page, request }) => {
  const product = await sampleProduct(request);
  const email = `muster-${Date.now()}@example.com`;

  const code = await orderSample(page, {
    origin: ORIGIN,
    product,
    email,
    beforeFinish: async (modal) => {
      await expect(modal.getByTestId("sample-package")).toContainText(product.content.title);
    },
  });
  expect(code).toBeTruthy();

  await expect.poll(async () => (await readInbox(INBOX, email)).length).toBe(1);
  const [mail] = await readInbox(INBOX, email);
  expect(mail!.subject).toBe(`Ihre Musterbestellung ${code} bei Bodenhaus Deutschland`);
  expect(mail!.from).toEqual([{ address: "service@bodenhaus.example", name: "Bodenhaus" }]);
  expect(mail!.text).toContain(`Art.-Nr. ${product.sku}`);
  expect(mail!.text).toContain(product.content.title);
  expect(mail!.text).toContain("Hauptstraße 5\n10115 Berlin");
  expect(mail!.html).toContain(`Art.-Nr. ${product.sku}`);
});
