/** The refund form's amount as staff type it: minor units, or null for what the shop API would refuse. */
import { amountInMinorUnits } from "./OrderActions";

test.each([
  ["12,34", 1234],
  ["12.34", 1234],
  ["1.234,50", 123450],
  ["0,01", 1],
  ["49", 4900],
])("%s is %d minor units", (text, minor) => {
  expect(amountInMinorUnits(text)).toBe(minor);
});

test.each(["", "0", "0,00", "-5", "12,345", "1e3", "abc", "12,3,4", "Infinity"])("%j is no amount", (text) => {
  expect(amountInMinorUnits(text)).toBeNull();
});
