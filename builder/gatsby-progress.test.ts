import { parseGatsbyLine } from "./gatsby-progress";

describe("Gatsby's output as build progress", () => {
  test("steps up to the data layer are sourcing, the rest rendering, with page counts where Gatsby prints them", () => {
    expect(parseGatsbyLine("success compile gatsby files - 1.634s")).toEqual({ phase: "sourcing", step: "compile gatsby files", done: 0, total: 0 });
    expect(parseGatsbyLine("success source and transform nodes - 2.733s")?.phase).toBe("sourcing");
    expect(parseGatsbyLine("success createPages - 0.357s")?.phase).toBe("sourcing");
    expect(parseGatsbyLine("success Building production JavaScript and CSS bundles - 20.1s")?.phase).toBe("rendering");
    expect(parseGatsbyLine("success Building static HTML for pages - 3.210s - 312/421 97.20/s")).toEqual({
      phase: "rendering",
      step: "Building static HTML for pages",
      done: 312,
      total: 421,
    });
    expect(parseGatsbyLine("\u001b[32msuccess\u001b[39m run page queries - 0.5s - 11/11 22.00/s")).toMatchObject({ phase: "rendering", done: 11, total: 11 });
  });

  test("other lines name no step", () => {
    for (const line of ["info Total nodes: 4122, SitePage nodes: 420", "", "warning An error occurred!", "success", "Done building in 9.2 sec"]) {
      expect(parseGatsbyLine(line)).toBeNull();
    }
  });
});
