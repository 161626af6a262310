import { byTestId, clickOn, closeBrowser, mount, settle, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import type { QuoteLine } from "@domain/checkout";
import { money } from "@domain/money";
import { CartLine, QUANTITY_SETTLE_MS } from "./CartLines";

jest.mock("./checkout.css", () => ({}));
jest.mock("gatsby", () => ({
  Link: ({ to, children, ...rest }: { to: string; children: React.ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));
// The visitor's words: the German locale through the pages' i18n runtime.
jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("de"),
);

afterEach(() => unmountAll());
afterAll(() => closeBrowser());

const m = (minor: number) => money(minor, "EUR", "de");

function line(quantity: number): QuoteLine {
  return {
    itemId: 7,
    sku: "FLOOR-1",
    kind: "product",
    name: "Eiche Landhausdiele",
    link: "/eiche-landhausdiele.html",
    image: null,
    quantity,
    packageContent: 2.2,
    packageContentBefore: null,
    unit: "SQM",
    unitLabel: "m²",
    packagePrice: m(2995),
    unitPrice: m(1361),
    rowTotal: m(2995 * quantity),
    minimumQuantity: 1,
    maxQuantity: 100,
    offerId: null,
    problem: null,
  };
}

/** The cart behind the line: each change answers when the test lets it (`answerNext`), then the quote has the new quantity. */
function slowCart() {
  const sent: number[] = [];
  const waiting: (() => void)[] = [];
  let setQuantity: (quantity: number) => void = () => undefined;
  function Harness() {
    const [quantity, set] = React.useState(1);
    setQuantity = set;
    const onQuantity = React.useCallback(
      (_line: QuoteLine, next: number) =>
        new Promise<boolean>((resolve) => {
          sent.push(next);
          waiting.push(() => {
            setQuantity(next);
            resolve(true);
          });
        }),
      [],
    );
    return <CartLine line={line(quantity)} language="de" busy={false} onQuantity={onQuantity} onRemove={() => undefined} />;
  }
  const answerNext = async () => {
    await React.act(async () => waiting.shift()!());
    await settle();
  };
  return { Harness, sent, answerNext };
}

/** Waits past the counter's settle time with real timers, so the change goes out. */
const afterSettling = () => React.act(() => new Promise((resolve) => setTimeout(resolve, QUANTITY_SETTLE_MS + 50)));

test("a second + while the first change is on its way goes out after it, and the first one's answer does not undo it", async () => {
  const cart = slowCart();
  const page = await mount(<cart.Harness />);
  const input = page.querySelector<HTMLInputElement>("input.quantity-input")!;
  const increase = page.querySelector<HTMLButtonElement>('button[aria-label="Menge erhöhen"]');
  await clickOn(increase);
  await afterSettling();
  expect(cart.sent).toEqual([2]);
  await clickOn(increase);
  await afterSettling();
  // One change on its way at a time: 3 waits for the answer to 2.
  expect(cart.sent).toEqual([2]);
  expect(input.value).toBe("3");
  await cart.answerNext();
  expect(input.value).toBe("3");
  await afterSettling();
  expect(cart.sent).toEqual([2, 3]);
  await cart.answerNext();
  expect(input.value).toBe("3");
  expect(byTestId(page, "line-total")!.textContent).toContain(m(3 * 2995).formattedWithCurrency);
});

test("the cart's answer shows when the visitor made no change since: 6 asked, 4 left in stock", async () => {
  let answer: (quantity: number) => void = () => undefined;
  function Harness() {
    const [quantity, setQuantity] = React.useState(5);
    answer = setQuantity;
    return <CartLine line={line(quantity)} language="de" busy={false} onQuantity={async () => true} onRemove={() => undefined} />;
  }
  const page = await mount(<Harness />);
  const input = page.querySelector<HTMLInputElement>("input.quantity-input")!;
  await clickOn(page.querySelector('button[aria-label="Menge erhöhen"]'));
  await afterSettling();
  await React.act(async () => answer(4));
  await settle();
  expect(input.value).toBe("4");
});
