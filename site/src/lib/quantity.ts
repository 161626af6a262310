/**
 * Quantity calculator of the product page (SPEC 3 "Quantity"): the customer enters the
 * area (or the product's unit), the calculator adds the waste allowance (blend) and
 * rounds up to whole packages, never below the minimum order quantity.
 * Money is computed in minor units so totals never drift.
 */
export interface QuantityInput {
  /** What the customer needs, in the product's unit (e.g. m²). */
  amount: number;
  /** Content of one package in the same unit. */
  packageContent: number;
  /** Waste allowance in percent (SPEC: blend). */
  blendPercent: number;
  /** Whether the allowance is added (the customer can switch it off). */
  useBlend: boolean;
  /** Minimum order quantity in the product's unit (0 or 1 package = none). */
  minimumOrderQuantity: number;
  /** Price of one package in minor units. */
  packagePriceMinor: number;
}

export interface QuantityResult {
  /** The allowance in the unit (0 when not used). */
  blendAmount: number;
  /** amount + allowance. */
  requiredAmount: number;
  /** Whole packages to order. */
  packages: number;
  /** Content of those packages. */
  finalAmount: number;
  /** packages x package price, in minor units. */
  totalMinor: number;
  /** True when the minimum order quantity raised the package count. */
  raisedToMinimum: boolean;
}

/** Rounds to 3 decimals so 10.2 / 0.85 style float noise does not add a package. */
const round3 = (value: number) => Math.round(value * 1000) / 1000;

export function calculateQuantity(input: QuantityInput): QuantityResult {
  const amount = Number.isFinite(input.amount) && input.amount > 0 ? input.amount : 0;
  const content = input.packageContent > 0 ? input.packageContent : 1;
  const blendAmount = input.useBlend && input.blendPercent > 0 ? round3((amount * input.blendPercent) / 100) : 0;
  const requiredAmount = round3(amount + blendAmount);
  const needed = requiredAmount > 0 ? Math.ceil(round3(requiredAmount / content)) : 0;
  const minimumPackages = input.minimumOrderQuantity > 0 ? Math.ceil(round3(input.minimumOrderQuantity / content)) : 0;
  const packages = needed > 0 ? Math.max(needed, minimumPackages, 1) : 0;
  return {
    blendAmount,
    requiredAmount,
    packages,
    finalAmount: round3(packages * content),
    totalMinor: packages * Math.round(input.packagePriceMinor),
    raisedToMinimum: needed > 0 && minimumPackages > needed,
  };
}

/** Packages for a typed-in package count (the other direction of the calculator). */
export function amountForPackages(packages: number, packageContent: number): number {
  return round3(Math.max(0, Math.floor(packages)) * packageContent);
}
