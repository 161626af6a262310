import { clickOn as click, closeBrowser, mount as render, settle, typeInto as type } from "@tests/kit/browser-dom";
import React from "react";
import { button, field, type RecordedCall, resetScreens, stubApi, WithAccount } from "@tests/kit/account-screens";
import { PasswordReset } from "./PasswordReset";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));
jest.mock("gatsby", () => jest.requireActual("@tests/kit/account-screens").gatsbyMock());

const TOKEN = "a".repeat(43);
const INVALID = "Dieser Link ist nicht mehr gültig: Er wurde bereits verwendet oder ist abgelaufen. Fordern Sie hier einen neuen Link an.";

let calls: RecordedCall[];
/** The shop API: the check answers `valid` (or fails with `status`). */
function api(check: { valid: boolean } | { status: number }) {
  calls = stubApi((call) => {
    if (call.path === "/apiv2/customer/password-reset/check")
      return "valid" in check ? { status: 200, data: check } : { status: check.status, errors: [{ message: "x", code: "general" }] };
    return undefined;
  });
}
const checks = () => calls.filter((call) => call.path === "/apiv2/customer/password-reset/check");

afterEach(resetScreens);
afterAll(closeBrowser);

async function open(search: string) {
  window.history.replaceState(null, "", `http://de.localhost:8797/customer/account/PasswordReset/${search}`);
  const container = await render(
    <WithAccount>
      <PasswordReset />
    </WithAccount>,
  );
  await settle();
  return container;
}
const byTestId = (container: HTMLElement, id: string) => container.querySelector(`[data-testid="${id}"]`);

test("a working link: checked once when the page opens (its token out of the address bar), then the form for the new password", async () => {
  api({ valid: true });
  const container = await open(`?token=${TOKEN}`);
  expect(checks()).toEqual([expect.objectContaining({ method: "POST", body: { token: TOKEN } })]);
  expect(window.location.search).toBe("");
  expect(byTestId(container, "new-password")).not.toBeNull();
  expect(byTestId(container, "reset-link-invalid")).toBeNull();
});

test("a used or expired link says so at once, before anything is typed, with the form to request a new one", async () => {
  api({ valid: false });
  const container = await open(`?token=${TOKEN}`);
  expect(byTestId(container, "new-password")).toBeNull();
  expect(byTestId(container, "reset-link-invalid")?.textContent).toBe(INVALID);
  expect(byTestId(container, "password-reset")).not.toBeNull();
  expect(field(container, "E-Mail-Adresse")).toBeTruthy();
  expect(() => button(container, "Link senden")).not.toThrow();
});

test("a malformed token is no link: said at once, nothing asked", async () => {
  api({ valid: true });
  const container = await open(`?token=${encodeURIComponent("<script>")}`);
  expect(checks()).toHaveLength(0);
  expect(byTestId(container, "reset-link-invalid")?.textContent).toBe(INVALID);
});

test("without a token: the request form, no note, nothing asked", async () => {
  api({ valid: true });
  const container = await open("");
  expect(checks()).toHaveLength(0);
  expect(byTestId(container, "password-reset")).not.toBeNull();
  expect(byTestId(container, "reset-link-invalid")).toBeNull();
});

test("when the check itself fails, the form stays and the submit decides (a working link is never lost)", async () => {
  api({ status: 503 });
  const container = await open(`?token=${TOKEN}`);
  expect(byTestId(container, "new-password")).not.toBeNull();
  await type(field(container, "Neues Passwort"), "Neues-Passwort-42");
  await type(field(container, "Passwort wiederholen"), "Neues-Passwort-42");
  await click(button(container, "Passwort speichern"));
  expect(calls.filter((call) => call.path === "/apiv2/customer/password-reset/confirm")).toHaveLength(1);
});
