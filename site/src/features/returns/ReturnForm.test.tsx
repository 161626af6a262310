import { closeBrowser, allByTestId, byTestId, chooseFiles, clickOn, fieldLabelled, fileOf, mount, typeInto, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import type { ApiResult } from "@site/api/client";
import type { ImageEntry } from "./images";
import { ReturnForm, type ReviewedReturn } from "./ReturnForm";
import { EMPTY_DETAILS } from "./flow";
import { RMA_OPTIONS, rmaOrder } from "@tests/kit/returns-screens";
import type { RmaUpload } from "./types";

jest.mock("./returns.css", () => ({}));
// The visitor's words: the English locale through the pages' i18n runtime.
jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("en"),
);

type Upload = (file: File) => Promise<ApiResult<RmaUpload>>;

/** The form with its images held as the flow holds them; `reviewed` collects what it hands on. */
async function renderForm(options: { upload?: Upload; initial?: ReviewedReturn } = {}) {
  const reviewed: ReviewedReturn[] = [];
  const uploads: string[] = [];
  let uploadCount = 0;
  const upload: Upload =
    options.upload ??
    (async (file) => {
      uploads.push(file.name);
      uploadCount += 1;
      return { ok: true, status: 200, data: { uploadId: `upload-${uploadCount}`, name: file.name, size: file.size }, errors: [] };
    });
  function Harness() {
    const [images, setImages] = React.useState<ImageEntry[]>([]);
    return (
      <ReturnForm
        order={rmaOrder()}
        options={RMA_OPTIONS}
        initial={options.initial ?? { entries: {}, wholeOrder: false, details: EMPTY_DETAILS }}
        images={images}
        locale="de"
        upload={upload}
        onImages={(update) => setImages(update)}
        onReviewed={(value) => reviewed.push(value)}
      />
    );
  }
  const container = await mount(<Harness />);
  return { container, reviewed, uploads };
}

async function fillDetails(container: HTMLElement, reason = "DEFECTIVE") {
  await typeInto(fieldLabelled(container, "Reason"), reason);
  await typeInto(fieldLabelled(container, "Message"), "Zwei Pakete kamen mit gebrochenen Kanten an.");
}

const continueButton = (container: HTMLElement) => byTestId(container, "to-overview");
const checkbox = (container: HTMLElement, line: number) => byTestId(container, `select-${line}`) as HTMLInputElement;
const amount = (container: HTMLElement, line: number) => byTestId(container, `quantity-${line}`) as HTMLInputElement;
const buttonLabelled = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll("button")].find((button) => button.textContent === text) ?? null;

afterAll(() => closeBrowser());
afterEach(() => unmountAll());

describe("the items", () => {
  test("a return amount may not be higher than what is returnable: the spec's message at the line, nothing handed on", async () => {
    const { container, reviewed } = await renderForm();
    await fillDetails(container, "OVER_ORDER");
    await clickOn(checkbox(container, 1));
    await typeInto(amount(container, 1), "4");
    await clickOn(continueButton(container));
    expect(byTestId(container, "quantity-error-1")?.textContent).toBe("The value must not be higher than 3");
    expect(amount(container, 1).getAttribute("aria-invalid")).toBe("true");
    expect(reviewed).toEqual([]);

    // The message follows the correction; then the form goes on with exactly the amount typed.
    await typeInto(amount(container, 1), "3");
    expect(byTestId(container, "quantity-error-1")).toBeNull();
    await clickOn(continueButton(container));
    expect(reviewed).toHaveLength(1);
    expect(reviewed[0]!.entries[1]).toEqual({ selected: true, quantity: "3" });
    expect(reviewed[0]!.entries[4]).toEqual({ selected: false, quantity: "5" });
  });

  test("zero or nothing is no amount; letters cannot be typed", async () => {
    const { container, reviewed } = await renderForm();
    await fillDetails(container);
    await clickOn(checkbox(container, 4));
    await typeInto(amount(container, 4), "0");
    await clickOn(continueButton(container));
    expect(byTestId(container, "quantity-error-4")?.textContent).toBe("Please enter a whole number of at least 1.");
    await typeInto(amount(container, 4), "");
    expect(byTestId(container, "quantity-error-4")?.textContent).toBe("Please enter a whole number of at least 1.");
    await typeInto(amount(container, 4), "2x");
    expect(amount(container, 4).value).toBe("2");
    expect(byTestId(container, "quantity-error-4")).toBeNull();
    expect(reviewed).toEqual([]);
  });

  test("at least one product: without a selected line the spec's message shows, together with the details' errors", async () => {
    const { container, reviewed } = await renderForm();
    expect(container.querySelector("#returns-items-intro")?.textContent).toBe("Please select one or more products to return back");
    await clickOn(continueButton(container));
    expect(byTestId(container, "items-error")?.textContent).toBe("Please select at least one product");
    expect(container.querySelector("#returns-reason-error")?.textContent).toBe("Please choose a reason.");
    await typeInto(fieldLabelled(container, "Reason"), "DEFECTIVE");
    await clickOn(continueButton(container));
    // A defect needs its description.
    expect(container.querySelector("#returns-message-error")?.textContent).toBe("Please describe the problem.");
    await fillDetails(container);
    await clickOn(continueButton(container));
    expect(byTestId(container, "items-error")?.textContent).toBe("Please select at least one product");
    expect(reviewed).toEqual([]);

    await clickOn(checkbox(container, 4));
    expect(byTestId(container, "items-error")).toBeNull();
    await clickOn(continueButton(container));
    expect(reviewed).toHaveLength(1);
  });

  test("blocked lines show why; a line whose return window closed is open to a defect only", async () => {
    const { container, reviewed } = await renderForm();
    expect(byTestId(container, "blocked-3")?.textContent).toBe("Not delivered yet – it can be returned once it has arrived.");
    expect(checkbox(container, 3).disabled).toBe(true);
    expect(amount(container, 3)).toBeNull();
    // No reason yet: the line outside its window says it is open to defects only, and counts no
    // returnable amount beside that (only what a defect may name); a line in its window does.
    expect(byTestId(container, "defects-only-2")?.textContent).toBe(
      "The 30-day return period after delivery has ended. Defects can still be reported: choose the reason “Defective”.",
    );
    expect(byTestId(container, "line-2")?.textContent).not.toContain("Returnable");
    expect(byTestId(container, "line-2")?.textContent).toContain("Defects can be reported for: 2");
    expect(byTestId(container, "line-1")?.textContent).toContain("Returnable: 3");
    expect(byTestId(container, "line-1")?.textContent).not.toContain("Defects can be reported for");
    await clickOn(checkbox(container, 2));

    await fillDetails(container, "OVER_ORDER");
    expect(byTestId(container, "blocked-2")?.textContent).toBe(
      "The 30-day return period after delivery has ended. Defects can still be reported: choose the reason “Defective”.",
    );
    await clickOn(continueButton(container));
    expect(byTestId(container, "line-error-2")?.textContent).toBe("This product cannot be returned.");
    expect(reviewed).toEqual([]);
    // Still selected, so it can be unticked.
    expect(checkbox(container, 2).disabled).toBe(false);

    await typeInto(fieldLabelled(container, "Reason"), "DEFECTIVE");
    expect(byTestId(container, "blocked-2")).toBeNull();
    expect(byTestId(container, "line-2")?.textContent).not.toContain("Returnable");
    expect(byTestId(container, "line-2")?.textContent).toContain("Defects can be reported for: 2");
    await typeInto(amount(container, 2), "3");
    await clickOn(continueButton(container));
    expect(byTestId(container, "quantity-error-2")?.textContent).toBe("The value must not be higher than 2");
    await typeInto(amount(container, 2), "2");
    await clickOn(continueButton(container));
    expect(reviewed[0]!.entries[2]).toEqual({ selected: true, quantity: "2" });
  });

  test("the whole order selects every returnable line in full, locks the fields, and follows the reason", async () => {
    const { container, reviewed } = await renderForm();
    await fillDetails(container, "OVER_ORDER");
    await clickOn(byTestId(container, "whole-order"));
    expect([1, 2, 3, 4].map((line) => checkbox(container, line).checked)).toEqual([true, false, false, true]);
    expect(amount(container, 1).value).toBe("3");
    expect(amount(container, 4).value).toBe("5");
    expect(amount(container, 1).disabled).toBe(true);
    expect(checkbox(container, 4).disabled).toBe(true);

    // A defect: the line outside its window joins the whole order.
    await typeInto(fieldLabelled(container, "Reason"), "DEFECTIVE");
    expect(checkbox(container, 2).checked).toBe(true);
    expect(amount(container, 2).value).toBe("2");
    await clickOn(continueButton(container));
    expect(reviewed[0]!.wholeOrder).toBe(true);
    expect(reviewed[0]!.entries).toEqual({
      1: { selected: true, quantity: "3" },
      2: { selected: true, quantity: "2" },
      3: { selected: false, quantity: "1" },
      4: { selected: true, quantity: "5" },
    });

    // Off again: back to choosing line by line.
    await clickOn(byTestId(container, "whole-order"));
    expect(checkbox(container, 1).checked).toBe(false);
    expect(amount(container, 1).disabled).toBe(false);
  });
});

describe("the details", () => {
  test("an invalid phone number gets the spec's message", async () => {
    const { container, reviewed } = await renderForm();
    await fillDetails(container);
    await clickOn(checkbox(container, 1));
    for (const wrong of ["call me <maybe>", "12345"]) {
      await typeInto(fieldLabelled(container, "Phone number (optional)"), wrong);
      await clickOn(continueButton(container));
      expect(container.querySelector("#returns-phone-error")?.textContent).toBe("The entered phone number is invalid.");
    }
    expect(reviewed).toEqual([]);
    await typeInto(fieldLabelled(container, "Phone number (optional)"), "+49 30 1234567");
    await typeInto(fieldLabelled(container, "Your preferred solution"), "NEW_PRODUCT");
    await clickOn(continueButton(container));
    expect(reviewed[0]!.details).toEqual({
      reason: "DEFECTIVE",
      proposal: "NEW_PRODUCT",
      message: "Zwei Pakete kamen mit gebrochenen Kanten an.",
      phone: "+49 30 1234567",
    });
  });

  test("file errors name the file: extension not allowed and too large refused before sending, the server's refusal after", async () => {
    const sent: string[] = [];
    const upload: Upload = async (file) => {
      sent.push(file.name);
      if (file.name === "screenshot.png")
        return { ok: false, status: 422, data: null, errors: [{ message: "…", code: "type_not_allowed", field: "file", params: { file: "screenshot.png" } }] };
      if (file.name === "broken.jpg") return { ok: false, status: 0, data: null, errors: [] };
      return { ok: true, status: 200, data: { uploadId: "u-1", name: file.name, size: file.size }, errors: [] };
    };
    const { container } = await renderForm({ upload });
    await chooseFiles(byTestId(container, "images-input"), [
      fileOf("plan.pdf", 100, "application/pdf"),
      fileOf("huge.jpg", 10 * 1024 * 1024 + 1),
      fileOf("screenshot.png", 200, "image/png"),
      fileOf("broken.jpg", 200),
      fileOf("kante.heic", 300, "image/heic"),
    ]);
    expect(sent).toEqual(["screenshot.png", "broken.jpg", "kante.heic"]);
    const errors = allByTestId(container, "image-error").map((element) => element.textContent);
    expect(errors.sort()).toEqual([
      "The file broken.jpg could not be uploaded.",
      "The file extension of plan.pdf is not allowed.",
      "The file huge.jpg is too large (at most 10 MB).",
      "The file screenshot.png is not a JPEG, PNG, WebP or HEIC image.",
    ]);
    const entries = allByTestId(container, "image-entry");
    expect(entries.map((entry) => [entry.querySelector(".returns-image-name")?.textContent, entry.dataset.status])).toEqual([
      ["screenshot.png", "error"],
      ["broken.jpg", "error"],
      ["kante.heic", "done"],
      ["plan.pdf", "error"],
      ["huge.jpg", "error"],
    ]);
    // Only the uploaded image counts; a failed one can be removed.
    expect(byTestId(container, "images-count")?.textContent).toBe("1 of 6 images");
    await clickOn(buttonLabelled(container, "Remove plan.pdf"));
    expect(allByTestId(container, "image-entry")).toHaveLength(4);
  });

  test("an uploaded image shows its preview", async () => {
    const { container } = await renderForm();
    await chooseFiles(byTestId(container, "images-input"), [fileOf("kante.jpg", [0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]);
    const image = container.querySelector<HTMLImageElement>('[data-testid="image-entry"] img');
    expect(image?.getAttribute("src")).toMatch(/^data:image\/jpeg;base64,/);
    expect(image?.getAttribute("alt")).toBe("Preview of kante.jpg");
    // A preview the browser cannot show (HEIC outside Safari) gives way to the placeholder.
    await React.act(async () => {
      image!.dispatchEvent(new window.Event("error"));
    });
    expect(container.querySelector('[data-testid="image-entry"] img')).toBeNull();
    expect(container.querySelector('[data-testid="image-entry"] .returns-image-placeholder')).not.toBeNull();
  });

  test("at most 6 images: more are not sent, the limit is said, and a removed image makes room again", async () => {
    const { container, uploads } = await renderForm();
    await chooseFiles(
      byTestId(container, "images-input"),
      Array.from({ length: 4 }, (_, index) => fileOf(`foto-${index + 1}.jpg`, 100)),
    );
    expect(byTestId(container, "images-limit")).toBeNull();
    await chooseFiles(
      byTestId(container, "images-input"),
      Array.from({ length: 4 }, (_, index) => fileOf(`foto-${index + 5}.jpg`, 100)),
    );
    expect(uploads).toEqual(["foto-1.jpg", "foto-2.jpg", "foto-3.jpg", "foto-4.jpg", "foto-5.jpg", "foto-6.jpg"]);
    expect(allByTestId(container, "image-entry")).toHaveLength(6);
    expect(byTestId(container, "images-limit")?.textContent).toBe("You can add at most 6 images.");
    expect(byTestId(container, "images-limit")?.getAttribute("role")).toBe("alert");
    expect((byTestId(container, "images-input") as HTMLInputElement).disabled).toBe(true);

    await clickOn(buttonLabelled(container, "Remove foto-2.jpg"));
    expect((byTestId(container, "images-input") as HTMLInputElement).disabled).toBe(false);
    await chooseFiles(byTestId(container, "images-input"), [fileOf("foto-9.jpg", 100), fileOf("foto-10.jpg", 100)]);
    expect(uploads.slice(6)).toEqual(["foto-9.jpg"]);
    expect(allByTestId(container, "image-entry")).toHaveLength(6);
  });
});
