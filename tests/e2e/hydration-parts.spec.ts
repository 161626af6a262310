import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { builtPages, builtRoot } from "./support/crawl";
import { E2E_SHOPS } from "./support/site";

/**
 * The pages hydrate with Preact the static HTML React rendered (docs/decisions/0060). A part whose
 * code is not there yet when the page hydrates (site/src/lib/lazy.ts, React.lazy) keeps the next
 * element of the static HTML as its own until its code has loaded: so each Suspense boundary of the
 * static HTML (`<!--$-->` to `<!--/$-->`) holds exactly one element. Nothing is allowed only where
 * the boundary ends its parent element (there is no next element to keep). Otherwise a part that
 * renders nothing takes its neighbour's element, and one of two elements loses the second until it
 * renders again: the page moves or shows a part twice.
 * Every built page of every shop is checked, in the browser's own HTML parser.
 */
for (const shop of E2E_SHOPS) {
  test(`${shop}: every part of the static HTML that hydrates later is one element`, async ({ page }) => {
    test.setTimeout(240_000);
    const root = builtRoot(shop);
    const pages = builtPages(shop);
    expect(pages.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const path of pages) {
      const html = readFileSync(join(root, path.endsWith("/") ? `${path}index.html` : path), "utf8");
      const found = await page.evaluate(partsNotOneElement, html);
      problems.push(...found.map((problem) => `${path}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });
}

test("the check finds a part of nothing before an element and a part of two elements, and passes one element", async ({ page }) => {
  const html = (body: string) => `<!DOCTYPE html><html><body><div class="box">${body}</div></body></html>`;
  expect(await page.evaluate(partsNotOneElement, html(`<!--$--><!--/$--><p class="next"></p>`))).toEqual([`div.box: 0 elements, before p.next`]);
  expect(await page.evaluate(partsNotOneElement, html(`<!--$--><button></button><div></div><!--/$-->`))).toEqual([`div.box: 2 elements, before nothing`]);
  expect(await page.evaluate(partsNotOneElement, html(`<!--$--><!--$--><p></p><!--/$--><!--/$--><!--$--><b>x</b><!--/$--><!--$--><!--/$-->`))).toEqual([]);
  expect(await page.evaluate(partsNotOneElement, html(`<!--$-->text<!--/$-->`))).toEqual([`div.box: 0 elements and text, before nothing`]);
});

/** Runs in the page: the Suspense boundaries of `html` that hold other than one element (a nested boundary's elements count). */
function partsNotOneElement(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const name = (node: Node | null) =>
    node instanceof Element ? `${node.localName}${node.classList.length > 0 ? `.${[...node.classList].join(".")}` : ""}` : "nothing";
  const problems: string[] = [];
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  for (let start = walker.nextNode(); start; start = walker.nextNode()) {
    if ((start as Comment).data !== "$") continue;
    let depth = 0;
    let elements = 0;
    let text = false;
    let end: Node | null = start.nextSibling;
    for (; end; end = end.nextSibling) {
      if (end instanceof Comment && end.data === "$") depth += 1;
      if (end instanceof Comment && end.data === "/$" && depth-- === 0) break;
      if (end instanceof Element) elements += 1;
      if (end instanceof Text && end.data.trim() !== "") text = true;
    }
    let next = end?.nextSibling ?? null;
    while (next && !(next instanceof Element) && !(next instanceof Text && next.data.trim() !== "")) next = next.nextSibling;
    if ((elements === 1 && !text) || (elements === 0 && !text && next === null)) continue;
    problems.push(`${name(start.parentElement)}: ${elements} elements${text ? " and text" : ""}, before ${name(next)}`);
  }
  return problems;
}
