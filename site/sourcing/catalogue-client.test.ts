import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createCatalogueClient } from "./catalogue-client";

/**
 * The build reads rich text through the catalogue client: what the templates insert as
 * HTML arrives sanitised, whatever the GraphQL layer sends (here a fake /graphql).
 */
const HOSTILE = '<p>Eiche</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
const SAFE = '<p>Eiche</p><img src="x" /><a>x</a>';

const answers: Record<string, unknown> = {
  BuildStructure: {
    categories: [{ id: "c1", description: HOSTILE, teaser: "<b>teaser</b>" }],
    topCategories: [],
    manufacturers: [],
    cmsPages: [{ identifier: "agb", content: HOSTILE, title: "AGB" }],
    topSeoLinks: [],
    cmsBlocks: [{ identifier: "header-info", content: HOSTILE, updatedAt: "2025-01-01" }],
    campaigns: [{ identifier: "black-week", campaignName: "<b>Black Week</b>", campaignDescription: HOSTILE }],
  },
  BuildProducts: {
    products: {
      totalCount: 1,
      pageInfo: { hasNextPage: false, endCursor: null },
      nodes: [{ sku: "100001", content: { title: "Eiche", description: HOSTILE, shortDescription: "kurz" } }],
    },
  },
};

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const { operationName } = JSON.parse(body) as { operationName: string };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ data: answers[operationName] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("category descriptions, CMS pages, CMS blocks and campaign descriptions arrive sanitised; plain text fields as sent", async () => {
  const structure = await createCatalogueClient({ url, token: "build-token-for-the-client-tests-0123456789" }).structure("DE", "de");
  expect(structure.categories[0]!.description).toBe(SAFE);
  expect(structure.cmsPages[0]!.content).toBe(SAFE);
  expect(structure.cmsBlocks[0]!.content).toBe(SAFE);
  expect(structure.campaigns[0]!.campaignDescription).toBe(SAFE);
  expect(structure.categories[0]!.teaser).toBe("<b>teaser</b>");
  expect(structure.campaigns[0]!.campaignName).toBe("<b>Black Week</b>");
});

test("product descriptions arrive sanitised", async () => {
  const [product] = await createCatalogueClient({ url, token: "build-token-for-the-client-tests-0123456789" }).products("DE", "de");
  expect(product!.content.description).toBe(SAFE);
  expect(product!.content.title).toBe("Eiche");
});
