import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { alertsReducer, Alerts, ALERT_DISMISS_MS } from "./alerts";

jest.mock("gatsby-plugin-react-i18next", () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

test("auto-dismiss after 3 seconds", () => {
  expect(ALERT_DISMISS_MS).toBe(3000);
});

test("showing replaces the previous alert; dismissing removes it", () => {
  const one = alertsReducer([], { kind: "show", id: 1, type: "success", message: "Artikel wurde zum Warenkorb hinzugefügt" });
  expect(one).toEqual([{ id: 1, type: "success", message: "Artikel wurde zum Warenkorb hinzugefügt", active: true }]);
  const two = alertsReducer(one, { kind: "show", id: 2, type: "error", message: "Es ist ein Fehler aufgetreten" });
  expect(two.map((a) => a.id)).toEqual([2]);
  expect(alertsReducer(two, { kind: "dismiss", id: 1 })).toEqual(two);
  expect(alertsReducer(two, { kind: "dismiss", id: 2 })).toEqual([]);
});

test("errors are announced as alerts, success as status, each with a dismiss button", () => {
  const html = renderToStaticMarkup(
    <Alerts
      alerts={[
        { id: 1, type: "error", message: "Es ist ein Fehler aufgetreten", active: true },
        { id: 2, type: "success", message: "gone", active: false },
      ]}
      onDismiss={() => undefined}
    />,
  );
  expect(html).toContain('role="alert"');
  expect(html).toContain("Es ist ein Fehler aufgetreten");
  expect(html).toContain('aria-label="alerts.dismiss"');
  expect(html).not.toContain("gone");
});

test("an alert can lead on: its follow-up is a button beside the message", () => {
  const shown = alertsReducer([], { kind: "show", id: 1, type: "success", message: "added", followUp: { label: "open", onClick: () => undefined } });
  const html = renderToStaticMarkup(<Alerts alerts={shown} onDismiss={() => undefined} />);
  expect(html).toMatch(/<span>added<\/span><button type="button" class="button link">open<\/button>/);
  expect(
    renderToStaticMarkup(<Alerts alerts={alertsReducer([], { kind: "show", id: 2, type: "error", message: "x" })} onDismiss={() => undefined} />),
  ).not.toContain("button link");
});
