import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { SAMPLE_LONG_DELIVERY_WEEKS } from "@domain/samples";
import type { SampleCartItem } from "@domain/api/samples";

/** The samples of the sample cart, each long-delivery one with its delivery time, and what that means below the list. */
export function SampleItems({ items, remove }: { items: SampleCartItem[]; remove?: (sku: string) => void }) {
  const { t } = useTranslation("commerce");
  const long = items.some((item) => item.longDelivery);
  return (
    <>
      <ul className="sample-items">
        {items.map((item) => (
          <li key={item.sku}>
            {item.name}
            {item.longDelivery ? <span className="muted small"> ({t("samples.itemLongDelivery", SAMPLE_LONG_DELIVERY_WEEKS)})</span> : null}
            {remove ? (
              <>
                {" "}
                <button type="button" className="button link" onClick={() => remove(item.sku)}>
                  {t("samples.remove")}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {long ? (
        <p className="notice small" data-testid="sample-long-delivery-note">
          {t("samples.longDeliveryNote", SAMPLE_LONG_DELIVERY_WEEKS)}
        </p>
      ) : null}
    </>
  );
}
