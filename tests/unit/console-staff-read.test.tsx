import { closeBrowser, mount, settle, unmountAll } from "../kit/browser-dom";
import React from "react";
import { useStaffRead } from "@console/components/staff-read";

/**
 * A console screen's read: the answer of its path, the staff API's problem in words, read
 * again on reload; an answer for a path the screen has left never replaces the current one.
 */
interface Pending {
  path: string;
  answer: (status: number, body: unknown) => void;
}

let pending: Pending[];
const realFetch = global.fetch;
let showPath: (path: string) => void = () => undefined;
let reload: () => void = () => undefined;

function Probe({ first }: { first: string }) {
  const [path, setPath] = React.useState(first);
  showPath = setPath;
  const read = useStaffRead<{ name: string }>(path);
  reload = read.reload;
  return (
    <p data-testid="probe">
      {read.loading ? "loading" : "idle"}|{read.data?.name ?? "-"}|{read.problem ?? "-"}
    </p>
  );
}

const shown = (container: HTMLElement) => container.querySelector('[data-testid="probe"]')!.textContent;

beforeEach(() => {
  pending = [];
  global.fetch = ((path: string) =>
    new Promise<Response>((resolve) => {
      pending.push({
        path,
        answer: (status, body) => resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
      });
    })) as typeof fetch;
});
afterEach(() => unmountAll());
afterAll(() => {
  global.fetch = realFetch;
  closeBrowser();
});

test("shows the answer of its path, and the staff API's problem with the field it concerns", async () => {
  const container = await mount(<Probe first="/admin/api/orders/DE-1" />);
  expect(shown(container)).toBe("loading|-|-");
  pending[0]!.answer(200, { status: 200, data: { name: "first" } });
  await settle();
  expect(shown(container)).toBe("idle|first|-");

  React.act(() => showPath("/admin/api/orders/nope"));
  await settle();
  pending[1]!.answer(400, { status: 400, data: null, errors: [{ message: "Unknown order", field: "number" }] });
  await settle();
  expect(shown(container)).toBe("idle|first|number: Unknown order");
});

test("an answer for a path the screen has left is dropped", async () => {
  const container = await mount(<Probe first="/admin/api/search-report?days=30" />);
  React.act(() => showPath("/admin/api/search-report?days=7"));
  await settle();
  expect(pending.map((call) => call.path)).toEqual(["/admin/api/search-report?days=30", "/admin/api/search-report?days=7"]);
  pending[1]!.answer(200, { status: 200, data: { name: "seven days" } });
  await settle();
  pending[0]!.answer(200, { status: 200, data: { name: "thirty days" } });
  await settle();
  expect(shown(container)).toBe("idle|seven days|-");
});

test("reload reads the same path again", async () => {
  const container = await mount(<Probe first="/admin/api/inquiries/I-1" />);
  pending[0]!.answer(200, { status: 200, data: { name: "open" } });
  await settle();
  React.act(() => reload());
  await settle();
  expect(pending).toHaveLength(2);
  expect(pending[1]!.path).toBe("/admin/api/inquiries/I-1");
  pending[1]!.answer(200, { status: 200, data: { name: "answered" } });
  await settle();
  expect(shown(container)).toBe("idle|answered|-");
});
