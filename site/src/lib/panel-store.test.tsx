import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { panelStore } from "./panel-store";

test("a panel opens with what it shows, closes, and tells its readers", () => {
  const store = panelStore<{ sku: string }>();
  const seen: ({ sku: string } | null)[] = [];
  expect(store.current()).toBeNull();
  store.open({ sku: "A" });
  seen.push(store.current());
  store.open({ sku: "B" });
  seen.push(store.current());
  store.close();
  seen.push(store.current());
  expect(seen).toEqual([{ sku: "A" }, { sku: "B" }, null]);
});

test("the static HTML has the panel closed, even when it was opened before the render", () => {
  const store = panelStore<{ sku: string }>();
  store.open({ sku: "A" });
  function Reader() {
    const panel = store.usePanel();
    return <p>{panel ? panel.sku : "closed"}</p>;
  }
  expect(renderToStaticMarkup(<Reader />)).toBe("<p>closed</p>");
});
