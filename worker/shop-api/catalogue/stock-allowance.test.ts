import { stockAllowance } from "./stock-allowance";

const ONE = [["DE", "CH", "AT", "COM"]];
const TWO = [
  ["DE", "AT"],
  ["CH", "COM"],
];
const allowances = (quantity: number, shops: string[], databases: string[][]) => databases.map((_, index) => stockAllowance(quantity, shops, databases, index));

test("one database holds the whole quantity", () => {
  expect(allowances(7, ["DE", "CH"], ONE)).toEqual([7]);
  expect(allowances(0, ["DE"], ONE)).toEqual([0]);
});

test("a product sold in the shops of one database keeps its whole quantity there, the other holds none", () => {
  expect(allowances(9, ["DE", "AT"], TWO)).toEqual([9, 0]);
  expect(allowances(9, ["COM"], TWO)).toEqual([0, 9]);
});

test("a product sold in shops of both is split evenly, the first taking what does not divide; together never more than the quantity", () => {
  expect(allowances(10, ["DE", "CH"], TWO)).toEqual([5, 5]);
  expect(allowances(7, ["AT", "COM"], TWO)).toEqual([4, 3]);
  expect(allowances(1, ["DE", "CH"], TWO)).toEqual([1, 0]);
  expect(allowances(0, ["DE", "CH"], TWO)).toEqual([0, 0]);
  for (const quantity of [0, 1, 2, 3, 99, 1_000_001])
    expect(allowances(quantity, ["DE", "CH"], [["DE"], ["CH"], ["AT"]]).reduce((a, b) => a + b)).toBe(quantity);
  expect(allowances(5, ["AT", "CH"], [["DE"], ["CH"], ["AT"]])).toEqual([0, 3, 2]);
});

test("a product of shops no database holds stays in the first; an index beyond the databases holds nothing", () => {
  expect(allowances(4, ["XX"], TWO)).toEqual([4, 0]);
  expect(stockAllowance(4, ["DE", "CH"], TWO, 5)).toBe(0);
});
