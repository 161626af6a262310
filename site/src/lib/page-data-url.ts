/** Where Gatsby writes a page's data: /foo.html -> /page-data/foo.html/page-data.json, / -> /page-data/index/page-data.json. */
export function pageDataUrl(path: string): string {
  const page = path === "/" ? "/index" : path.replace(/\/$/, "");
  return `/page-data${page}/page-data.json`;
}
