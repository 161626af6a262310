import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createCatalogueClient, retryingFetch, type CatalogueClient } from "./catalogue-client";

/**
 * The build reads rich text through the catalogue client: what the templates insert as
 * HTML arrives sanitised, whatever the GraphQL layer sends (here a fake /graphql).
 */
const HOSTILE = '<p>Eiche</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
const SAFE = '<p>Eiche</p><img src="x" /><a>x</a>';

/** A price as the GraphQL layer answers it (the queries select its fields through a fragment). */
const PRICE = { value: 49.95, amount: 4995, currency: "EUR", formattedValue: "49,95", formattedWithCurrency: "49,95\u00a0€" };

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
      nodes: [
        {
          sku: "100001",
          content: { title: "Eiche", description: HOSTILE, shortDescription: "kurz" },
          price: {
            packagePrice: PRICE,
            unitPrice: PRICE,
            referencePrice: PRICE,
            savingsPercentage: 0,
            tax: { isIncluded: true, percentage: 19, label: "inkl. 19% MwSt.", amount: PRICE },
          },
        },
      ],
    },
  },
};

let server: Server;
let url: string;

/** Every page of DE/de's products, one after the other. */
async function allProducts(client: CatalogueClient) {
  const products = [];
  for await (const page of client.productPages("DE", "de")) products.push(...page);
  return products;
}

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
  const [product] = await allProducts(createCatalogueClient({ url, token: "build-token-for-the-client-tests-0123456789" }));
  expect(product!.content.description).toBe(SAFE);
  expect(product!.content.title).toBe("Eiche");
});

test("prices arrive with every field of the money fragment", async () => {
  const [product] = await allProducts(createCatalogueClient({ url, token: "build-token-for-the-client-tests-0123456789" }));
  expect(product!.price?.packagePrice).toEqual(PRICE);
  expect(product!.price?.referencePrice).toEqual(PRICE);
  expect(product!.price?.tax.amount).toEqual(PRICE);
});

describe("a request that fails on the network", () => {
  let flaky: Server;
  let flakyUrl: string;
  let requests = 0;
  let dropFirst = 0;
  let hangFirst = 0;
  let limitedFirst = 0;
  let status = 200;

  beforeAll(async () => {
    flaky = createServer((request, response) => {
      requests += 1;
      // The answer never comes and the connection stays open: the worker is stuck on this request.
      if (requests <= hangFirst) return;
      if (requests <= limitedFirst) {
        response.writeHead(429, { "content-type": "application/json", "retry-after": "0" });
        response.end(JSON.stringify({ ok: false }));
        return;
      }
      if (requests <= dropFirst) {
        // The answer never comes: the connection closes as a keep-alive socket timing out would.
        request.socket.destroy();
        return;
      }
      request.resume();
      request.on("end", () => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(status === 200 ? { data: answers.BuildProducts } : { errors: [{ message: "no" }] }));
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, "127.0.0.1", resolve));
    flakyUrl = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/graphql`;
  });
  beforeEach(() => {
    requests = 0;
    hangFirst = 0;
    limitedFirst = 0;
    status = 200;
  });
  afterAll(() => {
    flaky.closeAllConnections();
    return new Promise<void>((resolve) => flaky.close(() => resolve()));
  });

  const client = (progress: string[] = []) =>
    createCatalogueClient({
      url: flakyUrl,
      token: "build-token-for-the-client-tests-0123456789",
      retryDelaysMs: [5, 5],
      requestTimeoutMs: 300,
      onProgress: (line) => progress.push(line),
    });

  test("is tried again and the build reads the answer", async () => {
    dropFirst = 2;
    const progress: string[] = [];
    const products = await allProducts(client(progress));
    expect(products.map((product) => product.sku)).toEqual(["100001"]);
    expect(requests).toBe(3);
    expect(progress.filter((line) => /trying again \([23]\/3\)/.test(line))).toHaveLength(2);
  });

  test("a try that gets no answer in time is given up and tried again", async () => {
    hangFirst = 1;
    dropFirst = 0;
    const progress: string[] = [];
    const products = await allProducts(client(progress));
    expect(products.map((product) => product.sku)).toEqual(["100001"]);
    expect(requests).toBe(2);
    expect(progress.filter((line) => /trying again \(2\/3\)/.test(line))).toHaveLength(1);
  });

  test("a request its caller aborted is not tried again", async () => {
    hangFirst = 3;
    const caller = new AbortController();
    const fetching = retryingFetch(fetch, [5, 5], undefined, 5_000)(flakyUrl, { method: "POST", body: "{}", signal: caller.signal });
    setTimeout(() => caller.abort(), 100);
    await expect(fetching).rejects.toThrow();
    expect(requests).toBe(1);
  });

  test("a request refused for now (429) is sent again after its Retry-After, five times at most", async () => {
    dropFirst = 0;
    limitedFirst = 2;
    const progress: string[] = [];
    expect((await allProducts(client(progress))).map((product) => product.sku)).toEqual(["100001"]);
    expect(requests).toBe(3);
    expect(progress.filter((line) => /^rate limited \(429\); trying again in 0 s \([12]\/5\)$/.test(line))).toHaveLength(2);

    requests = 0;
    limitedFirst = 100;
    await expect(allProducts(client())).rejects.toThrow(/429/);
    expect(requests).toBe(6);
  });

  test("fails the build after the third try", async () => {
    dropFirst = 3;
    await expect(allProducts(client())).rejects.toThrow(/fetch failed/);
    expect(requests).toBe(3);
  });

  test("an answer with an error status is not tried again", async () => {
    dropFirst = 0;
    status = 503;
    await expect(allProducts(client())).rejects.toThrow();
    expect(requests).toBe(1);
  });
});

describe("products a page at a time", () => {
  let paged: Server;
  let pagedUrl: string;
  let asked: (string | null)[] = [];
  let failAfter: string | null = null;
  const PAGES: Record<string, { next: string | null; skus: string[] }> = {
    first: { next: "c1", skus: ["100001", "100002"] },
    c1: { next: "c2", skus: ["100003", "100004"] },
    c2: { next: null, skus: ["100005"] },
  };

  beforeAll(async () => {
    paged = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const { after } = (JSON.parse(body) as { variables: { after: string | null } }).variables;
        asked.push(after);
        if (after !== null && after === failAfter) {
          response.writeHead(500, { "content-type": "application/json" });
          response.end(JSON.stringify({ errors: [{ message: "no" }] }));
          return;
        }
        const page = PAGES[after ?? "first"]!;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            data: {
              products: {
                totalCount: 5,
                pageInfo: { hasNextPage: page.next !== null, endCursor: page.next },
                nodes: page.skus.map((sku) => ({ sku, content: { title: sku, description: "<p>x</p>", shortDescription: "" } })),
              },
            },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => paged.listen(0, "127.0.0.1", resolve));
    pagedUrl = `http://127.0.0.1:${(paged.address() as AddressInfo).port}/graphql`;
  });
  beforeEach(() => {
    asked = [];
    failAfter = null;
  });
  afterAll(() => new Promise<void>((resolve) => paged.close(() => resolve())));

  const pagedClient = (progress: string[] = []) =>
    createCatalogueClient({ url: pagedUrl, token: "build-token-for-the-client-tests-0123456789", onProgress: (line) => progress.push(line) });

  test("come in order, each page asked for by the cursor of the one before, with progress", async () => {
    const progress: string[] = [];
    const pages: string[][] = [];
    for await (const page of pagedClient(progress).productPages("DE", "de")) pages.push(page.map((product) => product.sku));
    expect(pages).toEqual([["100001", "100002"], ["100003", "100004"], ["100005"]]);
    expect(asked).toEqual([null, "c1", "c2"]);
    expect(progress).toEqual(["DE/de: sourced 2/5 products", "DE/de: sourced 4/5 products", "DE/de: sourced 5/5 products"]);
  });

  test("the next page is asked for while the build still works on the one it has", async () => {
    const pages = pagedClient().productPages("DE", "de");
    await pages.next();
    const deadline = Date.now() + 5_000;
    while (asked.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual([null, "c1"]);
    await pages.return(undefined);
  });

  test("a page that fails stops the build; left unread after the build stopped early, it harms nobody", async () => {
    failAfter = "c2";
    const read: string[] = [];
    await expect(
      (async () => {
        for await (const page of pagedClient().productPages("DE", "de")) read.push(...page.map((product) => product.sku));
      })(),
    ).rejects.toThrow();
    expect(read).toEqual(["100001", "100002", "100003", "100004"]);

    failAfter = "c1";
    asked = [];
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listener);
    try {
      for await (const page of pagedClient().productPages("DE", "de")) {
        expect(page).toHaveLength(2);
        break;
      }
      const deadline = Date.now() + 5_000;
      while (!asked.includes("c1") && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off("unhandledRejection", listener);
    }
    expect(asked).toEqual([null, "c1"]);
    expect(unhandled).toEqual([]);
  });
});
