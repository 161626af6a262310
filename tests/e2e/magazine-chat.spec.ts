import { expect, test, type Page, type Request } from "@playwright/test";
import { WIDGET_STAND_IN_PORT } from "@scripts/lib/local-ports";
import { fetchPage, hydrated, openSearchOverlay, testHost, testOrigin } from "./support/site";

/**
 * The guide magazine and the chat page (docs/decisions/0070): the header's magazine link,
 * the magazine's guides in every language, the search's advice group leading to them; the
 * chat page's steps leading to the live chat where the shop has one (the demo's local
 * stand-in, loaded only when the visitor starts it) and to the contact form where it has none.
 */
const MAGAZINES = [
  { shop: "DE" as const, home: "/", title: "Ratgeber-Magazin", guide: "Parkett richtig pflegen", back: "Zurück zum Ratgeber-Magazin" },
  { shop: "CH" as const, home: "/fr/", title: "Magazine conseils", guide: "Bien entretenir son parquet", back: "Retour au Magazine conseils" },
  { shop: "CH" as const, home: "/it/", title: "Magazine dei consigli", guide: "Come curare il parquet", back: "Torna al Magazine dei consigli" },
  { shop: "FR" as const, home: "/", title: "Magazine conseils", guide: "Bien entretenir son parquet", back: "Retour au Magazine conseils" },
  { shop: "NL" as const, home: "/", title: "Adviesmagazine", guide: "Parket goed onderhouden", back: "Terug naar Adviesmagazine" },
];

for (const magazine of MAGAZINES) {
  test(`${magazine.shop} ${magazine.home}: the menu's magazine link leads to its guides, each guide back to the magazine`, async ({ page }) => {
    await page.goto(`${testOrigin(magazine.shop)}${magazine.home}`);
    const link = page.locator("nav.main-nav").getByTestId("magazine-link");
    await expect(link).toHaveText(magazine.title);
    await page.goto(`${testOrigin(magazine.shop)}${await link.getAttribute("href")}`);
    await expect(page.locator("h1")).toHaveText(magazine.title);
    const guides = page.getByTestId("guide-list").getByRole("link");
    await expect(guides).toHaveCount(3);
    await page.goto(`${testOrigin(magazine.shop)}${await guides.filter({ hasText: magazine.guide }).getAttribute("href")}`);
    await expect(page.locator("h1")).toHaveText(magazine.guide);
    await expect(page.locator(".prose p")).toHaveCount(4);
    await expect(page.locator("nav.breadcrumbs")).toContainText(magazine.title);
    await expect(page.getByTestId("guide-list").getByRole("link")).toHaveCount(2);
    await expect(page.getByTestId("magazine-back")).toHaveText(magazine.back);
  });
}

test("the search's advice group names the magazine's guide first and links to its page", async ({ page }) => {
  const answer = await fetchPage(testHost("DE"), `/apiv2/search?query=${encodeURIComponent("parkett richtig pflegen")}&limit=5&log=false`);
  const groups = (JSON.parse(answer.body) as { data: { searchResults: { type: string; results: { title: string; link: string | null }[] }[] } }).data
    .searchResults;
  expect(groups.find((group) => group.type === "advises")!.results[0]).toMatchObject({
    title: "Parkett richtig pflegen",
    link: "/parkett-richtig-pflegen.html",
  });

  await page.goto(`${testOrigin("DE")}/`);
  const overlay = await openSearchOverlay(page);
  await overlay.getByTestId("search-input").fill("pflegen");
  await overlay.getByTestId("search-tab-advises").click();
  await overlay.getByRole("link", { name: "Parkett richtig pflegen" }).click();
  await expect(page).toHaveURL(/\/parkett-richtig-pflegen\.html$/);
  await expect(page.locator("h1")).toHaveText("Parkett richtig pflegen");
});

const fromProvider = (requests: Request[]) => requests.filter((request) => request.url().startsWith(`http://127.0.0.1:${WIDGET_STAND_IN_PORT}/`));

async function chatPage(page: Page, shop: "DE" | "FR"): Promise<Request[]> {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  await page.goto(`${testOrigin(shop)}/chat.html`);
  return requests;
}

test("DE: the chat page's steps lead to the live chat, which loads only when started and really carries messages", async ({ page }) => {
  const requests = await chatPage(page, "DE");
  await expect(page.locator("ol.steps li").first()).toContainText("Chat starten");
  await hydrated(page, "[data-testid=chat-start]");
  await page.waitForLoadState("networkidle");
  expect(fromProvider(requests)).toEqual([]);
  await expect(page.getByTestId("chat-contact-link")).toHaveAttribute("href", /kontakt/);

  await page.getByTestId("chat-start").click();
  const widget = page.getByTestId("chat-widget");
  const message = `Ist Eiche geölt fußbodenheizungsgeeignet? ${Date.now()}`;
  await widget.getByRole("textbox", { name: "Ihre Nachricht" }).fill(message);
  await widget.getByRole("button", { name: "Senden" }).click();
  // The stand-in keeps a conversation as a provider does: an earlier run's messages may be there too.
  await expect(widget.locator("li.cw-visitor").filter({ hasText: message })).toHaveText(`Sie: ${message}`);
  await expect(widget.locator("li.cw-agent").filter({ hasText: message })).toHaveText(`Beratung: ${message}`);
  expect(fromProvider(requests).map((request) => `${request.method()} ${new URL(request.url()).pathname}`)).toEqual(
    expect.arrayContaining(["GET /chat/widget/DE-DEMO.js", "POST /chat/DE-DEMO/messages"]),
  );
});

test("FR: without a chat provider the chat page's steps lead to the contact form, and nothing loads from a provider", async ({ page }) => {
  const requests = await chatPage(page, "FR");
  await expect(page.locator("ol.steps li").first()).toContainText("Écrire votre message");
  await expect(page.getByTestId("chat-channel")).toHaveCount(0);
  await expect(page.getByTestId("chat-contact-link")).toHaveClass(/button/);
  await page.waitForLoadState("networkidle");
  expect(fromProvider(requests)).toEqual([]);
});
