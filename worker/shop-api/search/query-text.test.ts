import { editsOne, isTypoCandidate, parseQuery, printableText, queryTerms, trigramExpression, wordExpression } from "./query-text";
import { parseFilters } from "./request";

describe("parseQuery", () => {
  it("splits long (trigram) and short (word) terms, folds case and drops contained terms", () => {
    expect(parseQuery("  Landhausdiele   EICHE 14 mm ")).toEqual({ text: "landhausdiele eiche 14 mm", long: ["landhausdiele", "eiche"], short: ["14", "mm"] });
    expect(parseQuery("eich eiche").long).toEqual(["eiche"]);
    expect(parseQuery("Klick-Vinyl").long).toEqual(["klick-vinyl"]);
  });

  it("ignores single characters next to longer terms, keeps them alone", () => {
    expect(parseQuery("vinyl e").short).toEqual([]);
    expect(parseQuery("a b c").short).toEqual(["a", "b", "c"]);
  });

  it("keeps FTS5 syntax out of the expressions", () => {
    expect(trigramExpression(parseQuery('eiche" OR "x').long)).toBe('"eiche"');
    expect(trigramExpression(parseQuery('eiche" NEAR(holz)').long)).toBe('"eiche" AND "near" AND "holz"');
    expect(trigramExpression(["eihce"], { eihce: ["eiche"] })).toBe('("eihce" OR "eiche")');
    expect(wordExpression(["14", "mm"])).toBe('"14" AND "mm"*');
  });
});

describe("typo tolerance", () => {
  it("applies to words of five or more letters", () => {
    expect(isTypoCandidate("eiche")).toBe(true);
    expect(isTypoCandidate("eich")).toBe(false);
    expect(isTypoCandidate("bh-100200")).toBe(false);
  });

  it("lists every string one edit away", () => {
    const edits = editsOne("eihce");
    expect(edits).toContain("eiche"); // transposition
    expect(editsOne("landhausdile")).toContain("landhausdiele"); // insertion
    expect(editsOne("eichee")).toContain("eiche"); // deletion
    expect(editsOne("eicke")).toContain("eiche"); // replacement
    expect(editsOne("geölz")).toContain("geolt"); // folded like the word index
    expect(edits).not.toContain("eihce");
  });
});

describe("parseFilters", () => {
  it("rounds ranges to whole numbers unless the unit is mm", () => {
    expect(parseFilters(JSON.stringify([{ name: "price", type: "products", min: 19.5, max: 80.2 }]))).toEqual([{ key: "price", min: 19, max: 81 }]);
    expect(parseFilters(JSON.stringify([{ name: "thickness_mm", type: "products", min: 4.5, max: 14.25 }]))).toEqual([
      { key: "thickness_mm", min: 4.5, max: 14.25 },
    ]);
  });
});

describe("printableText and queryTerms", () => {
  it("turns tabs and line breaks into spaces and removes every other unprintable character", () => {
    expect(printableText("a\tb\r\nc")).toBe("a b  c");
    expect(printableText("ei\u0000che\u001b\u007f\u0085\u202e\u200b\ue000")).toBe("eiche");
    expect(printableText("Öl-Parkett 14 mm")).toBe("Öl-Parkett 14 mm");
  });

  it("counts distinct terms after separators and case folding", () => {
    expect(queryTerms("Eiche eiche, EICHE; 14 mm")).toEqual(["eiche", "14", "mm"]);
  });
});
