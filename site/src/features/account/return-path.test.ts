import { loginWithReturn, returnPathFrom, safeReturnPath } from "./return-path";

describe("safeReturnPath: only a path of this origin", () => {
  test.each([
    ["/customer/account/OrderOverview/", "/customer/account/OrderOverview/"],
    ["/fr/customer/projects/", "/fr/customer/projects/"],
    ["/customer/account/Order/?number=DE-100001", "/customer/account/Order/?number=DE-100001"],
    ["/eiche-landhausdiele.html#tabs", "/eiche-landhausdiele.html#tabs"],
    ["/suche/?q=%C3%B6l", "/suche/?q=%C3%B6l"],
    ["/", "/"],
  ])("%s passes", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  test.each([
    ["another host", "//evil.example/"],
    ["another host, three slashes", "///evil.example/"],
    ["a backslash browsers read as a slash", "/\\evil.example/"],
    ["a backslash first", "\\\\evil.example"],
    ["a scheme", "https://evil.example/"],
    ["javascript", "javascript:alert(1)"],
    ["a data URL", "data:text/html,<script>alert(1)</script>"],
    ["no leading slash", "customer/account/Login/"],
    ["a tab inside the slashes", "/\t/evil.example/"],
    ["a line break", "/\n/evil.example/"],
    ["a space", "/ /evil.example"],
    ["an encoded slash", "/%2F%2Fevil.example/"],
    ["an encoded backslash", "/%5Cevil.example/"],
    ["double encoding", "/%252F%252Fevil.example/"],
    ["NUL", "/a%00b"],
    ["a bidi override", "/\u202e/evil"],
    ["empty", ""],
    ["too long", `/${"a".repeat(2000)}`],
  ])("%s is refused", (_name, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  test("not a string: refused", () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(["/a"])).toBeNull();
    expect(safeReturnPath({ toString: () => "/a" })).toBeNull();
  });

  test("dot segments are resolved, never climb out of the origin", () => {
    expect(safeReturnPath("/customer/../../../etc/passwd")).toBe("/etc/passwd");
    expect(safeReturnPath("/./customer/")).toBe("/customer/");
  });
});

test("the login address carries a valid return path only", () => {
  expect(loginWithReturn("/customer/account/Login/", "/customer/projects/")).toBe("/customer/account/Login/?return=%2Fcustomer%2Fprojects%2F");
  expect(loginWithReturn("/customer/account/Login/", "//evil.example")).toBe("/customer/account/Login/");
  expect(loginWithReturn("/customer/account/Login/", null)).toBe("/customer/account/Login/");
});

test("the return path is read from ?return= and checked", () => {
  expect(returnPathFrom("?return=%2Fcustomer%2Fprojects%2F")).toBe("/customer/projects/");
  expect(returnPathFrom("?return=%2F%2Fevil.example")).toBeNull();
  expect(returnPathFrom("?return=https%3A%2F%2Fevil.example")).toBeNull();
  expect(returnPathFrom("")).toBeNull();
});
