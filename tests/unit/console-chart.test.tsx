/** The console's SVG charts (console/src/components/Chart.tsx), rendered as the browser gets them. */
import { renderToStaticMarkup } from "react-dom/server";
import { BarChart, LineChart, labelIndexes, niceMaximum } from "@console/components/Chart";

test("axis maximum: a round number at or above the largest figure", () => {
  expect(niceMaximum(0)).toBe(1);
  expect(niceMaximum(-3)).toBe(1);
  expect(niceMaximum(Number.NaN)).toBe(1);
  expect(niceMaximum(1)).toBe(1);
  expect(niceMaximum(7)).toBe(10);
  expect(niceMaximum(12)).toBe(20);
  expect(niceMaximum(21)).toBe(25);
  expect(niceMaximum(480)).toBe(500);
  expect(niceMaximum(501)).toBe(1000);
});

test("x labels: at most the number asked for, first and last always", () => {
  expect(labelIndexes(0, 8)).toEqual([]);
  expect(labelIndexes(1, 8)).toEqual([0]);
  expect(labelIndexes(7, 8)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  const month = labelIndexes(30, 8);
  expect(month.length).toBeLessThanOrEqual(8);
  expect(month[0]).toBe(0);
  expect(month[month.length - 1]).toBe(29);
  const year = labelIndexes(365, 8);
  expect(year.length).toBeLessThanOrEqual(8);
  expect(year[year.length - 1]).toBe(364);
  expect(new Set(year).size).toBe(year.length);
});

describe("line chart", () => {
  const html = renderToStaticMarkup(
    <LineChart
      title="Searches per day"
      description="All searches and searches without result per day"
      xAxisLabel="Day"
      yAxisLabel="Searches"
      xLabels={["16 Nov", "17 Nov", "18 Nov"]}
      series={[
        { name: "All searches", values: [3, 4, 8] },
        { name: "Without result", values: [0, 2, 1] },
      ]}
      width={400}
      height={200}
    />,
  );

  test("an image named by its title and described, with both axis labels", () => {
    expect(html).toMatch(/<svg[^>]* role="img"[^>]* aria-labelledby="([^"]+)"[^>]* aria-describedby="([^"]+)"/);
    const [, labelledBy, describedBy] = /aria-labelledby="([^"]+)"[^>]* aria-describedby="([^"]+)"/.exec(html)!;
    expect(html).toContain(`<title id="${labelledBy}">Searches per day</title>`);
    expect(html).toContain(`<desc id="${describedBy}">All searches and searches without result per day</desc>`);
    expect(html).toContain(">Day</text>");
    expect(html).toContain(">Searches</text>");
    expect(html).toContain("<figcaption");
  });

  test("one line per series, scaled from 0 to a round maximum; markers differ by series", () => {
    const lines = [...html.matchAll(/<polyline[^>]* points="([^"]+)"/g)].map((match) => match[1]!.split(" ").map((point) => point.split(",").map(Number)));
    expect(lines).toHaveLength(2);
    // the plot spans y 16 (top, the maximum 10) to 144 (bottom, 0) with these margins
    const ys = lines[0]!.map(([, y]) => y);
    expect(ys[2]).toBeCloseTo(16 + 128 * (1 - 8 / 10));
    expect(lines[1]!.map(([, y]) => y)[0]).toBeCloseTo(144);
    // x from the left edge of the plot to its right edge
    expect(lines[0]!.map(([x]) => x)).toEqual([56, 56 + 164, 384]);
    expect(html.match(/<circle/g)).toHaveLength(3);
    expect(html.match(/<rect/g)).toHaveLength(3);
    expect(html).toContain('stroke-dasharray="6 3"');
  });

  test("the figures as a table: a row per day, a column per series", () => {
    expect(html).toContain("<details");
    expect(html).toContain("<caption>Searches per day</caption>");
    expect(html).toContain('<th scope="col">Day</th><th scope="col">All searches</th><th scope="col">Without result</th>');
    expect(html).toContain('<tr><th scope="row">18 Nov</th><td>8</td><td>1</td></tr>');
    expect(html).toContain("Legend");
  });

  test("hostile labels are text, never markup", () => {
    const hostile = renderToStaticMarkup(
      <LineChart
        title="<script>alert(1)</script>"
        description="d"
        xAxisLabel="x"
        yAxisLabel="y"
        xLabels={["<img src=x onerror=alert(1)>"]}
        series={[{ name: '"><svg onload=alert(1)>', values: [1] }]}
      />,
    );
    expect(hostile).not.toContain("<script>");
    expect(hostile).not.toContain("<img");
    expect(hostile).not.toContain("<svg onload");
    expect(hostile).toContain("&lt;script&gt;");
  });
});

describe("bar chart", () => {
  test("a bar per entry, longest for the largest, with its value; long labels shortened in the drawing, whole in the table", () => {
    const long = "a very long search query that does not fit the axis";
    const html = renderToStaticMarkup(
      <BarChart
        title="Top queries"
        description="The most searched queries"
        xAxisLabel="Searches"
        yAxisLabel="Query"
        bars={[
          { label: "parkett", value: 40 },
          { label: long, value: 10 },
        ]}
        width={500}
      />,
    );
    const widths = [...html.matchAll(/<rect[^>]* width="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(widths).toHaveLength(2);
    expect(widths[0]).toBeCloseTo(217.6); // 40 of a maximum of 50 over 272 units
    expect(widths[1]).toBeCloseTo(54.4);
    expect(html).toContain("a very long search query th…");
    expect(html).toContain(`<tr><th scope="row">${long}</th><td>10</td></tr>`);
    expect(html).toContain(">Searches</text>");
    expect(html).toContain(">Query</text>");
  });

  test("no bars: says so", () => {
    const html = renderToStaticMarkup(<BarChart title="Queries without result" description="d" xAxisLabel="Searches" yAxisLabel="Query" bars={[]} />);
    expect(html).toContain("No figures in this range");
    expect(html).not.toMatch(/<rect/);
  });
});
