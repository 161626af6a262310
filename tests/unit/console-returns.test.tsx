/** The console's returns screen (console/src/screens/Returns.tsx): what staff see of a complaint, rendered as the browser gets it. */
import { renderToStaticMarkup } from "react-dom/server";
import type { ReturnDetail } from "@domain/back-office/returns";
import { ReturnFacts, showsInline, StatusForm } from "@console/screens/Returns";

jest.mock("@console/components/back-office.css", () => ({}));
jest.mock("@console/screens/returns.css", () => ({}));

const detail: ReturnDetail = {
  rmaId: "R-7K3M9Q2XAB",
  kind: "return",
  shop: "DE",
  orderNumber: "DE-100042",
  email: "erika@example.com",
  name: "Erika Muster",
  reason: "DEFECTIVE",
  status: "received",
  lineCount: 1,
  packages: 2,
  imageCount: 2,
  createdAt: "2026-11-18T08:00:00.000Z",
  updatedAt: "2026-11-18T09:00:00.000Z",
  language: "de",
  proposal: "NEW_PRODUCT",
  message: "Zwei Pakete <zerkratzt>\nBitte Ersatz",
  phone: "+49 30 1234567",
  wholeOrder: false,
  via: "link",
  order: {
    placedAt: "2026-10-01T10:00:00.000Z",
    state: "delivered",
    billing: { name: "Erika Muster", company: null, postcode: "10115", countryCode: "de" },
    shippingCountryCode: "de",
    withdrawnAt: null,
  },
  lines: [{ lineNo: 1, sku: "FLOOR-1", name: "Eiche Landhausdiele", quantity: 2, ordered: 3, delivered: 3, deliveredAt: "2026-10-05T10:00:00.000Z" }],
  images: [
    {
      uploadId: "A".repeat(22),
      fileName: "kratzer.jpg",
      contentType: "image/jpeg",
      size: 204_800,
      url: `/admin/api/returns/R-7K3M9Q2XAB/images/${"A".repeat(22)}`,
    },
    {
      uploadId: "B".repeat(22),
      fileName: "IMG_4711.HEIC",
      contentType: "image/heic",
      size: 2_048_000,
      url: `/admin/api/returns/R-7K3M9Q2XAB/images/${"B".repeat(22)}`,
    },
  ],
  history: [
    { status: "submitted", note: "", by: "customer", at: "2026-11-18T08:00:00.000Z" },
    { status: "received", note: "Ware ist da.", by: "service@bodenhaus.example", at: "2026-11-18T09:00:00.000Z" },
  ],
  allowedStatuses: ["accepted", "rejected"],
};

test("the facts, the lines, the images (HEIC as a download) and the history", () => {
  const html = renderToStaticMarkup(<ReturnFacts detail={detail} />);
  expect(html).toContain("goods received");
  expect(html).toContain("Defective or damaged");
  expect(html).toContain("Replacement delivery");
  expect(html).toContain("Zwei Pakete &lt;zerkratzt&gt;\nBitte Ersatz");
  expect(html).toContain("link in the order confirmation");
  expect(html).toContain("<td>Eiche Landhausdiele</td><td>2</td><td>3 / 3</td>");
  expect(html).toMatch(new RegExp(`<img src="/admin/api/returns/R-7K3M9Q2XAB/images/${"A".repeat(22)}" alt="Customer&#x27;s image kratzer.jpg"`));
  expect(html).not.toMatch(new RegExp(`<img src="[^"]*${"B".repeat(22)}"`));
  expect(html).toContain("No preview in the browser (image/heic).");
  expect(html).toContain(`download="IMG_4711.HEIC">Download IMG_4711.HEIC (2000 KB)</a>`);
  expect(html).toContain("Ware ist da.");
  expect(html).toContain("the customer");
});

test("the status form offers only the states that may follow; a closed complaint offers none", () => {
  const form = renderToStaticMarkup(<StatusForm allowed={["accepted", "rejected"]} busy={false} onChange={() => undefined} />);
  expect([...form.matchAll(/<option value="([a-z]*)"/g)].map((match) => match[1])).toEqual(["", "accepted", "rejected"]);
  expect(form).toContain("The customer gets a mail with the new status and this note.");
  expect(renderToStaticMarkup(<StatusForm allowed={[]} busy={false} onChange={() => undefined} />)).toContain("This complaint is closed");
});

test("JPEG, PNG and WebP show inline; HEIC and HEIF do not", () => {
  expect(["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"].map(showsInline)).toEqual([true, true, true, false, false]);
});
