import type { ApiResult, CallOptions, Method } from "./api";
import {
  addGuestItem,
  cleanName,
  createGuestProject,
  deleteGuestProject,
  guestProjectCount,
  GUEST_PROJECTS_KEY,
  MAX_PROJECTS,
  mergeGuestProjects,
  readGuestProjects,
  removeGuestItem,
  renameGuestProject,
  setGuestQuantity,
  type KeyValueStore,
} from "./guest-projects";

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const oak = { sku: "FLOOR-1", quantity: 3, name: "Eiche Landhausdiele", link: "/eiche-landhausdiele.html" };
const glue = { sku: "GLUE-2", quantity: 1, name: "Parkettkleber", link: "/parkettkleber.html" };

describe("projects in the browser", () => {
  test("create, add (the same product sums), change, remove, rename, delete", () => {
    const store = memoryStore();
    const bath = createGuestProject("  Bad   oben ", store)!;
    expect(bath.name).toBe("Bad oben");
    expect(addGuestItem(bath.id, oak, store)).toBe(true);
    expect(addGuestItem(bath.id, { ...oak, quantity: 2 }, store)).toBe(true);
    expect(addGuestItem(bath.id, glue, store)).toBe(true);
    expect(readGuestProjects(store)[0]!.items.map((item) => [item.sku, item.quantity])).toEqual([
      ["FLOOR-1", 5],
      ["GLUE-2", 1],
    ]);
    setGuestQuantity(bath.id, "GLUE-2", 4, store);
    setGuestQuantity(bath.id, "GLUE-2", 0, store);
    expect(readGuestProjects(store)[0]!.items[1]!.quantity).toBe(4);
    removeGuestItem(bath.id, "FLOOR-1", store);
    expect(readGuestProjects(store)[0]!.items.map((item) => item.sku)).toEqual(["GLUE-2"]);
    expect(renameGuestProject(bath.id, "Bad", store)).toBe(true);
    expect(renameGuestProject(bath.id, "   ", store)).toBe(false);
    expect(readGuestProjects(store)[0]!.name).toBe("Bad");
    expect(guestProjectCount(store)).toBe(1);
    deleteGuestProject(bath.id, store);
    expect(guestProjectCount(store)).toBe(0);
    expect(store.data.has(GUEST_PROJECTS_KEY)).toBe(false);
  });

  test("bad input: no empty names, no bad SKUs, quantities 1 to 9999, at most 50 projects", () => {
    const store = memoryStore();
    expect(createGuestProject(" \u0000\u202e ", store)).toBeNull();
    const project = createGuestProject("Flur", store)!;
    expect(addGuestItem(project.id, { ...oak, sku: "../x" }, store)).toBe(false);
    expect(addGuestItem(project.id, { ...oak, quantity: 0 }, store)).toBe(false);
    expect(addGuestItem(project.id, { ...oak, quantity: Number.NaN }, store)).toBe(false);
    expect(addGuestItem(project.id, { ...oak, quantity: 12000 }, store)).toBe(true);
    expect(addGuestItem(project.id, { ...oak, quantity: 5 }, store)).toBe(true);
    expect(readGuestProjects(store)[0]!.items[0]!.quantity).toBe(9999);
    expect(addGuestItem(project.id, { ...glue, link: "//evil.example/" }, store)).toBe(true);
    expect(readGuestProjects(store)[0]!.items[1]!.link).toBeNull();
    for (let index = 1; index < MAX_PROJECTS; index += 1) createGuestProject(`P${index}`, store);
    expect(createGuestProject("one too many", store)).toBeNull();
    expect(cleanName("<b>Küche</b>")).toBe("b Küche /b");
    expect(cleanName("x".repeat(200))).toHaveLength(80);
  });

  test("whatever localStorage holds is read as data, never trusted", () => {
    for (const value of ["not json", "null", "[]", '{"projects":"x"}', '{"projects":[null,1,"a",{"id":"<x>","name":"a"}]}']) {
      expect(readGuestProjects(memoryStore({ [GUEST_PROJECTS_KEY]: value }))).toEqual([]);
    }
    const hostile = memoryStore({
      [GUEST_PROJECTS_KEY]: JSON.stringify({
        projects: [
          {
            id: "p-1",
            name: "Küche",
            updatedAt: "yesterday",
            items: [
              { sku: "FLOOR-1", quantity: 2, name: "<img src=x onerror=alert(1)>", link: "javascript:alert(1)" },
              { sku: "FLOOR-1", quantity: 1.7 },
              { sku: "BAD SKU", quantity: 1 },
              { sku: "GLUE-2", quantity: -3 },
            ],
          },
        ],
      }),
    });
    const [project] = readGuestProjects(hostile);
    expect(project!.items).toEqual([{ sku: "FLOOR-1", quantity: 3, name: "img src=x onerror=alert(1)", link: null }]);
    expect(project!.updatedAt).toBe(new Date(0).toISOString());
  });
});

type Call = { method: Method; path: string; body: unknown; options: CallOptions };

function recorder(answers: ApiResult<unknown>[]) {
  const calls: Call[] = [];
  const call = async (method: Method, path: string, body: unknown, options: CallOptions) => {
    calls.push({ method, path, body: JSON.parse(JSON.stringify(body)), options });
    return answers.shift() ?? { ok: true, status: 200, data: { projects: [] }, errors: [] };
  };
  return { calls, call };
}

const okAnswer: ApiResult<unknown> = { ok: true, status: 200, data: { projects: [] }, errors: [] };
const offline: ApiResult<unknown> = { ok: false, status: 0, data: null, errors: [] };

describe("merging into the account after sign-in", () => {
  function twoProjects(store: KeyValueStore) {
    const kitchen = createGuestProject("Küche", store)!;
    addGuestItem(kitchen.id, oak, store);
    addGuestItem(kitchen.id, glue, store);
    const hall = createGuestProject("Flur", store)!;
    addGuestItem(hall.id, { ...oak, quantity: 7 }, store);
    createGuestProject("Keller", store);
    return { kitchen, hall };
  }

  test("every project and every line in one call with an Idempotency-Key; cleared afterwards", async () => {
    const store = memoryStore();
    twoProjects(store);
    const { calls, call } = recorder([okAnswer]);
    expect(await mergeGuestProjects(call, store)).toBe("merged");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.path).toBe("/apiv2/customer/projects/merge");
    expect(calls[0]!.body).toEqual({
      projects: [
        {
          name: "Küche",
          items: [
            { sku: "FLOOR-1", quantity: 3 },
            { sku: "GLUE-2", quantity: 1 },
          ],
        },
        { name: "Flur", items: [{ sku: "FLOOR-1", quantity: 7 }] },
        { name: "Keller", items: [] },
      ],
    });
    expect(calls[0]!.options.idempotencyKey).toMatch(/^[A-Za-z0-9-]{8,}$/);
    expect(readGuestProjects(store)).toEqual([]);
    expect(store.data.has(GUEST_PROJECTS_KEY)).toBe(false);
    expect(await mergeGuestProjects(call, store)).toBe("nothing");
    expect(calls).toHaveLength(1);
  });

  test("a failed merge keeps every line and is sent again with the same key and the same lines", async () => {
    const store = memoryStore();
    const { kitchen } = twoProjects(store);
    const { calls, call } = recorder([offline, { ok: false, status: 503, data: null, errors: [] }, okAnswer]);
    expect(await mergeGuestProjects(call, store)).toBe("failed");
    expect(readGuestProjects(store).map((project) => project.items.length)).toEqual([2, 1, 0]);
    // Meanwhile the guest adds more in this browser: not part of the merge that is repeated.
    addGuestItem(kitchen.id, { ...glue, quantity: 2 }, store);
    expect(await mergeGuestProjects(call, store)).toBe("failed");
    expect(await mergeGuestProjects(call, store)).toBe("merged");
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.options.idempotencyKey)).size).toBe(1);
    expect(calls[2]!.body).toEqual(calls[0]!.body);
    // What was added after the first attempt stays for the next merge: no line lost.
    expect(readGuestProjects(store).map((project) => [project.name, project.items.map((item) => [item.sku, item.quantity])])).toEqual([
      ["Küche", [["GLUE-2", 2]]],
    ]);
    expect(await mergeGuestProjects(call, store)).toBe("merged");
    expect(calls[3]!.body).toEqual({ projects: [{ name: "Küche", items: [{ sku: "GLUE-2", quantity: 2 }] }] });
    expect(calls[3]!.options.idempotencyKey).not.toBe(calls[0]!.options.idempotencyKey);
    expect(readGuestProjects(store)).toEqual([]);
  });

  test("a refusal (signed out, bad lines) forgets the attempt but keeps the projects", async () => {
    const store = memoryStore();
    twoProjects(store);
    const { calls, call } = recorder([{ ok: false, status: 401, data: null, errors: [{ message: "x", code: "not_signed_in" }] }, okAnswer]);
    expect(await mergeGuestProjects(call, store)).toBe("failed");
    expect(guestProjectCount(store)).toBe(3);
    expect(await mergeGuestProjects(call, store)).toBe("merged");
    expect(calls[1]!.options.idempotencyKey).not.toBe(calls[0]!.options.idempotencyKey);
    expect(guestProjectCount(store)).toBe(0);
  });

  test("a project deleted locally while its merge was under way is not brought back", async () => {
    const store = memoryStore();
    const { hall } = twoProjects(store);
    let release: () => void = () => undefined;
    const call = () =>
      new Promise<ApiResult<unknown>>((resolve) => {
        release = () => resolve(okAnswer);
      });
    const merging = mergeGuestProjects(call, store);
    deleteGuestProject(hall.id, store);
    release();
    expect(await merging).toBe("merged");
    expect(readGuestProjects(store)).toEqual([]);
  });
});
