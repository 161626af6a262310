import { readFileSync } from "node:fs";
import { invoiceFont } from "./font";

test("the bundled font is DejaVu Sans of the installed package, byte for byte", async () => {
  const installed = readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
  expect(Buffer.from(await invoiceFont()).equals(installed)).toBe(true);
});
