import { isWidgetScriptUrl } from "./widget-url";

test.each(["https://widgets.reviews.example/w.js", "http://127.0.0.1:12131/reviews/widget/DE-DEMO.js"])("%s may load", (url) => {
  expect(isWidgetScriptUrl(url)).toBe(true);
});

test.each([
  "http://widgets.reviews.example/w.js", // plain http elsewhere
  "http://127.0.0.1/w.js", // the machine's port 80: no stand-in
  "http://localhost:12131/w.js",
  "http://127.0.0.1.evil.example:12131/w.js",
  "https://user:secret@widgets.reviews.example/w.js",
  "javascript:alert(1)",
  "data:text/javascript,alert(1)",
  "//widgets.reviews.example/w.js",
  "/w.js",
  "",
  42,
  null,
])("%s may not", (url) => {
  expect(isWidgetScriptUrl(url)).toBe(false);
});
