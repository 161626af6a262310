import { readCookie } from "./banner";
import { CONSENT_ANSWERED_ATTRIBUTE, CONSENT_COOKIE, MARK_CONSENT_ANSWERED_SCRIPT } from "./consent";

/** Runs the inline script against a document with these cookies; returns the attributes it set on <html>. */
function runScript(cookie: string): string[] {
  const set: string[] = [];
  const document = { cookie, documentElement: { setAttribute: (name: string) => set.push(name) } };
  new Function("document", MARK_CONSENT_ANSWERED_SCRIPT)(document);
  return set;
}

describe("the inline script that marks an answered consent", () => {
  it.each([
    ["bh_consent=all", true],
    ["bh_consent=necessary", true],
    ["a=1; bh_consent=necessary; b=2", true],
    ["a=1;bh_consent=all", true],
    ["", false],
    ["a=1", false],
    ["xbh_consent=all", false],
    ["a=bh_consent=all", false],
  ])("cookies %p -> answered %p, as readCookie tells", (cookie, answered) => {
    expect(runScript(cookie)).toEqual(answered ? [CONSENT_ANSWERED_ATTRIBUTE] : []);
    expect(readCookie(cookie, CONSENT_COOKIE) !== null).toBe(answered);
  });
});
