import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SampleCartItem } from "@domain/api/samples";
import { SAMPLE_LONG_DELIVERY_WEEKS } from "@domain/samples";
import { pageTexts } from "@tests/kit/account-screens";
import { SampleItems } from "./SampleItems";

jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({
    t: (key: string, params?: Record<string, unknown>) =>
      params
        ? `${key} ${Object.entries(params)
            .map(([name, value]) => `${name}=${String(value)}`)
            .join(" ")}`
        : key,
  }),
}));

const item = (sku: string, longDelivery: boolean): SampleCartItem => ({
  sku,
  name: `Muster ${sku}`,
  quantity: 1,
  image: null,
  recommendation: false,
  longDelivery,
});

test("a long-delivery sample says its delivery time in the sample cart, with a note below the list", () => {
  const html = renderToStaticMarkup(<SampleItems items={[item("A", false), item("B", true)]} />);
  expect(html).toContain('Muster B<span class="muted small"> (samples.itemLongDelivery from=2 to=3)</span>');
  expect(html).not.toContain("Muster A<span");
  expect(html).toContain("samples.longDeliveryNote from=2 to=3");
});

test("without long-delivery samples no note", () => {
  expect(renderToStaticMarkup(<SampleItems items={[item("A", false)]} />)).not.toContain("longDeliveryNote");
});

test.each([
  ["de", "2–3 Wochen"],
  ["at", "2–3 Wochen"],
  ["en", "2–3 weeks"],
  ["fr", "2 à 3 semaines"],
  ["it", "2–3 settimane"],
  ["nl", "2–3 weken"],
])("%s: the sample delivery is stated as 2-3 weeks, for the sample and in the note", (language, weeks) => {
  const t = pageTexts(language)("commerce");
  expect(t("samples.itemLongDelivery", SAMPLE_LONG_DELIVERY_WEEKS)).toContain(weeks);
  expect(t("samples.longDeliveryNote", SAMPLE_LONG_DELIVERY_WEEKS)).toContain(weeks);
});
