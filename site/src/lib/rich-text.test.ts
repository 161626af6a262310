import { displayPhone, phoneHref, richText } from "./rich-text";

describe("rich text", () => {
  test("escapes raw ampersands and keeps character references", () => {
    expect(richText("<p>Baustoffe & Zubehör</p>")).toBe("<p>Baustoffe &amp; Zubehör</p>");
    expect(richText("A&amp;B &lt;x&gt; &#8211; &#x2013; &nbsp;")).toBe("A&amp;B &lt;x&gt; &#8211; &#x2013; &nbsp;");
    expect(richText("R&D&")).toBe("R&amp;D&amp;");
    expect(richText("a & b; c")).toBe("a &amp; b; c");
  });

  test("phone numbers", () => {
    expect(displayPhone("+49 30 1234 5670")).toBe("+49\u00a030\u00a01234\u00a05670");
    expect(phoneHref("+49 30 1234 5670")).toBe("tel:+493012345670");
  });
});
