import { sanitizeRichText } from "./sanitize-rich-text";

/** Nothing in the output that a browser would run or load from a script URL. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<style|<iframe|<svg|<object|<embed|<math|<template|<form|<base|<meta|<link/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:|srcdoc|style=/i);
}

describe("rich text keeps the formatting merchandisers use", () => {
  test.each([
    ["paragraphs and emphasis", "<p>Eiche <strong>natur</strong>, <em>geölt</em><br />matt</p>"],
    ["headings h2-h4", "<h2>Verlegung</h2><h3>Untergrund</h3><h4>Tipp</h4>"],
    ["lists", "<ul><li>eins</li><li>zwei</li></ul><ol><li>erst</li></ol>"],
    [
      "http, https, mailto, tel and relative links",
      '<a href="https://example.com/a?b=1">x</a><a href="http://example.com">x</a><a href="mailto:info@example.com">x</a><a href="tel:+4930123">x</a><a href="/de/parkett.html">x</a><a href="#pflege">x</a><a href="pflege.html">x</a>',
    ],
    [
      "images with http(s) and relative sources",
      '<img src="https://media.example.com/a.jpg" alt="Eiche" width="400" height="300" /><img src="/static/b.png" alt="" />',
    ],
    ["tables", '<table><caption>Maße</caption><thead><tr><th scope="col">Länge</th></tr></thead><tbody><tr><td colspan="2">1200 mm</td></tr></tbody></table>'],
    [
      "the demo catalogue's texts",
      "<p>Mit Eiche Landhausdiele holen Sie sich einen hochwertigen Bodenbelag von Parador ins Haus.</p><p>Die Lieferung erfolgt in 3–5 Werktagen.</p>",
    ],
  ])("%s", (_name, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  test("raw ampersands are escaped, character references become their characters", () => {
    expect(sanitizeRichText("<p>Baustoffe & Zubehör</p>")).toBe("<p>Baustoffe &amp; Zubehör</p>");
    expect(sanitizeRichText("A&amp;B &lt;x&gt; &#8211; &#x2013; &nbsp;")).toBe("A&amp;B &lt;x&gt; – – \u00a0");
    expect(sanitizeRichText("R&D&")).toBe("R&amp;D&amp;");
    expect(sanitizeRichText("a & b; c")).toBe("a &amp; b; c");
  });

  test("a link opening a new window gets noopener and noreferrer, keeping allowed rel values", () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://example.com" target="_blank" rel="nofollow opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });
});

describe("rich text loses everything that could run", () => {
  test.each([
    ["script", "<p>a</p><script>alert(1)</script><p>b</p>", "<p>a</p><p>b</p>"],
    ["script in upper case, with src", '<SCRIPT SRC="https://evil.example/x.js"></SCRIPT>ok', "ok"],
    ["unclosed script", "<p>a</p><script>alert(1)", "<p>a</p>"],
    ["img onerror", '<img src="x.png" onerror="alert(1)" alt="" />', '<img src="x.png" alt="" />'],
    ["img without a usable source", '<img src=x onerror=alert(1)><img src="data:image/svg+xml,<svg onload=alert(1)>">', '<img src="x" />'],
    ["event handlers on allowed tags", '<p onclick="alert(1)" onmouseover=alert(1)>x</p>', "<p>x</p>"],
    ["javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    [
      "javascript: with case, spaces and control characters",
      '<a href=" JaVaScRiPt:alert(1)">x</a><a href="java\tscript:alert(1)">y</a><a href="&#1;javascript:alert(1)">z</a>',
      "<a>x</a><a>y</a><a>z</a>",
    ],
    [
      "entity-encoded javascript:",
      '<a href="java&#115;cript:alert(1)">x</a><a href="&#x6A;avascript&colon;alert(1)">y</a><a href="javascript&#58;alert(1)">z</a>',
      "<a>x</a><a>y</a><a>z</a>",
    ],
    ["vbscript: and data: links", '<a href="vbscript:msgbox(1)">x</a><a href="data:text/html,<script>alert(1)</script>">y</a>', "<a>x</a><a>y</a>"],
    ["protocol-relative link", '<a href="//evil.example/">x</a>', "<a>x</a>"],
    ["svg onload", '<svg onload="alert(1)"><circle r="1" /></svg>after', "after"],
    ["svg with a script inside", "<svg><script>alert(1)</script></svg>", ""],
    ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>">fallback</iframe>text', "text"],
    ["iframe src", '<iframe src="https://evil.example/"></iframe>', ""],
    ["object and embed", '<object data="x.swf"></object><embed src="x.swf" />', ""],
    ["style attribute with a javascript: url", '<p style="background:url(javascript:alert(1))">x</p>', "<p>x</p>"],
    ["style attribute with an expression", '<p style="width: expression(alert(1))">x</p>', "<p>x</p>"],
    ["style element", "<style>body{background:url(javascript:alert(1))}</style><p>x</p>", "<p>x</p>"],
    ["style element closing the policy early", "<style></style><script>alert(1)</script></style>x", "x"],
    ["link and meta", '<link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">x', "x"],
    ["base", '<base href="https://evil.example/">x', "x"],
    ["form", '<form action="https://evil.example/"><input name="q"><button formaction="javascript:alert(1)">go</button></form>', "go"],
    ["math and mutation tricks", "<math><mi><mglyph><style><img src=x onerror=alert(1)></style></mglyph></mi></math>", ""],
    ["comment hiding markup", "<!--<img src=x onerror=alert(1)>-->x", "x"],
    ["noscript and template", "<noscript><img src=x onerror=alert(1)></noscript><template><script>alert(1)</script></template>x", "x"],
    ["ids and names that would clobber the page's globals", '<a id="___chunkMapping" name="pagePath" href="/x">x</a>', '<a href="/x">x</a>'],
    ["classes", '<p class="consent">x</p>', "<p>x</p>"],
    ["srcset", '<img src="/a.png" srcset="javascript:alert(1) 1x" alt="" />', '<img src="/a.png" alt="" />'],
    ["image from data: and javascript:", '<img src="data:image/png;base64,AAAA" alt="" /><img src="javascript:alert(1)" alt="" />', ""],
    [
      "broken attribute quoting",
      '<p title="a"onmouseover="alert(1)">x</p><a href="/x" title="a" "onclick=alert(1)">y</a>',
      '<p>x</p><a href="/x" title="a">y</a>',
    ],
  ])("%s", (_name, html, expected) => {
    const clean = sanitizeRichText(html);
    expect(clean).toBe(expected);
    expectInert(clean);
  });

  test("text that looks like markup stays text", () => {
    expect(sanitizeRichText("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(sanitizeRichText('<p>"><script>alert(1)</script></p>')).toBe('<p>"&gt;</p>');
  });
});
