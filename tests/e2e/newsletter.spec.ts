import { expect, test } from "@playwright/test";
import { E2E_MAIL_CATCHER_PORTS, readInbox, type CaughtMail } from "@scripts/lib/mail-catcher";
import { testOrigin } from "./support/site";

/**
 * The newsletter with double opt-in in the Dutch shop: a visitor signs up in the
 * footer, the confirmation mail reaches the local inbox (sent by the test worker
 * over SMTP right after the answer) with links on the shop's own origin only and the
 * List-Unsubscribe header; its link opens the confirmation page, which confirms at once (no
 * second click); the visitor lands on the voucher thank-you page, and the voucher mail brings
 * the code. Opening the used link again confirms nothing and says so.
 */
const NL = testOrigin("NL");
const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;

test.beforeEach(async ({ context }) => {
  // A visitor who answered the cookie consent: its dialog stays off the form.
  await context.addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(NL).hostname, path: "/" }]);
});

/** The mail to `email` whose subject matches, once it has arrived. */
async function mailTo(email: string, subject: RegExp): Promise<CaughtMail> {
  const find = async () => (await readInbox(INBOX, email)).find((mail) => subject.test(mail.subject));
  await expect.poll(async () => (await find()) !== undefined).toBe(true);
  return (await find())!;
}

/** Every link of a mail: the HTML's hrefs, the text's URLs and the List-Unsubscribe header's. */
function linksOf(mail: CaughtMail): string[] {
  return [
    ...[...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&")),
    ...[...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
    ...[...(mail.headers["list-unsubscribe"] ?? "").matchAll(/<([^>]+)>/g)].map((match) => match[1]!),
  ];
}

test("signing up in the Dutch footer, confirming by the mail's link and receiving the voucher", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `sanne-${Date.now()}@example.com`;

  // The footer's form of the home page (its code loads when it comes near the viewport).
  await page.goto(`${NL}/`);
  const form = page.getByTestId("newsletter-footer");
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole("heading", { name: "Nieuwsbrief" })).toBeVisible();
  await form.getByLabel("Uw naam", { exact: true }).fill("Sanne de Vries");
  await form.getByLabel("Uw e-mailadres", { exact: true }).fill(email);
  await form.getByTestId("newsletter-submit").click();
  await expect(form.getByTestId("newsletter-done")).toHaveText(
    "Bijna klaar! Bevestig uw aanmelding met de link in de e-mail die wij u zojuist hebben gestuurd.",
  );

  // The confirmation mail: in Dutch, from the shop, every link on the shop's own origin.
  const confirmation = await mailTo(email, /^Bevestig uw aanmelding voor de nieuwsbrief van Bodenhaus Nederland$/);
  expect(confirmation.from).toEqual([{ address: "service@bodenhaus.example.nl", name: "Bodenhaus" }]);
  expect(confirmation.text).toContain("Beste Sanne de Vries,");
  expect(confirmation.headers["list-unsubscribe"]).toMatch(/^<http:\/\/nl\.localhost:8797\/newsletter\/unsubscribe\/\?token=[A-Za-z0-9_-]{43}>$/);
  const links = linksOf(confirmation);
  expect(links.length).toBeGreaterThanOrEqual(4);
  for (const link of links) expect(new URL(link).origin).toBe(NL);
  const confirmLink = links.find((link) => new URL(link).pathname === "/newsletter/confirm/");
  expect(confirmLink).toMatch(/\?token=[A-Za-z0-9_-]{43}$/);

  // The link confirms at once: no second click.
  expect(await readInbox(INBOX, email)).toHaveLength(1);
  await page.goto(confirmLink!);

  // On to the voucher thank-you page of the Dutch shop.
  await expect(page).toHaveURL(`${NL}/tegoedbon-bedankt.html`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bedankt voor uw aanmelding");

  // The voucher mail with its code, and the unsubscribe link.
  const voucher = await mailTo(email, /^Uw tegoedbon van €\s10,00 van Bodenhaus Nederland$/);
  const code = /\bNL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}\b/.exec(voucher.text)?.[0];
  expect(code).toBeTruthy();
  expect(voucher.html).toContain(code!);
  for (const link of linksOf(voucher)) expect(new URL(link).origin).toBe(NL);
  expect(voucher.headers["list-unsubscribe"]).toBe(confirmation.headers["list-unsubscribe"]);

  // The link once: opened again, it confirms nothing and says so.
  await page.goto(confirmLink!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aanmelding voor de nieuwsbrief bevestigen");
  await expect(page.getByTestId("newsletter-page-error")).toHaveText("Deze link is ongeldig, verlopen of al gebruikt. Meld u desgewenst gewoon opnieuw aan.");
  expect(await readInbox(INBOX, email)).toHaveLength(2);
});
