import { parseDecimalText } from "@domain/decimal-text";
import { MAX_QUANTITY } from "@domain/quantity";

/**
 * Quantity calculator of the product page : the customer enters the
 * area (or the product's unit), the calculator adds the waste allowance (blend) and
 * rounds up to whole packages, never below the minimum order quantity and never above what
 * one cart line can hold (MAX_QUANTITY packages, the cart's own limit).
 * Money is computed in minor units so totals never drift.
 */
export interface QuantityInput {
  /** What the customer needs, in the product's unit (e.g. m²); null when nothing is entered, NaN when the text is not a number. */
  amount: number | null;
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

/**
 * Why the entered amount gives no packages: not a number (letters, a sign, an exponent), not
 * more than 0, or more than one cart line can hold; null when it gives packages. A product
 * without a positive pack content cannot be calculated at all.
 */
export type QuantityProblem = "notANumber" | "notPositive" | "tooLarge" | "noPackageContent" | null;

export interface QuantityResult {
  /** The allowance in the unit (0 when not used). */
  blendAmount: number;
  /** amount + allowance. */
  requiredAmount: number;
  /** Whole packages to order (0 when there is a problem). */
  packages: number;
  /** Content of those packages. */
  finalAmount: number;
  /** packages x package price, in minor units. */
  totalMinor: number;
  /** True when the minimum order quantity raised the package count. */
  raisedToMinimum: boolean;
  problem: QuantityProblem;
  /** The largest amount (in the unit) the calculator takes with the allowance as chosen: MAX_QUANTITY packages. */
  maximumAmount: number;
}

/**
 * The amount as typed (domain/decimal-text.ts): null when empty, NaN when not a number; a
 * leading minus gives a negative amount, so "-5" is refused as not above 0 (not as not a number).
 */
export function amountFromText(text: string): number | null {
  const typed = text.trim();
  if (!/^[-\u2212]/.test(typed)) return parseDecimalText(typed);
  const amount = parseDecimalText(typed.slice(1));
  return amount === null ? Number.NaN : -amount;
}

/** The waste allowance is a share of the amount: from 0 to this many percent; anything else counts as none. */
export const MAX_BLEND_PERCENT = 100;

/** Rounds to 3 decimals so 10.2 / 0.85 style float noise does not add a package. */
const round3 = (value: number) => Math.round(value * 1000) / 1000;

const NOTHING = { blendAmount: 0, requiredAmount: 0, packages: 0, finalAmount: 0, totalMinor: 0, raisedToMinimum: false } as const;

export function calculateQuantity(input: QuantityInput): QuantityResult {
  const content = Number.isFinite(input.packageContent) && input.packageContent > 0 ? input.packageContent : 0;
  const percent =
    input.useBlend && Number.isFinite(input.blendPercent) && input.blendPercent > 0 && input.blendPercent <= MAX_BLEND_PERCENT ? input.blendPercent : 0;
  const maximumAmount = content > 0 ? Math.floor((MAX_QUANTITY * content * 1000) / (1 + percent / 100)) / 1000 : 0;
  const none = (problem: QuantityProblem): QuantityResult => ({ ...NOTHING, problem, maximumAmount });
  if (content === 0) return none("noPackageContent");
  const { amount } = input;
  if (amount === null) return none(null);
  if (!Number.isFinite(amount)) return none("notANumber");
  if (amount <= 0) return none("notPositive");
  const blendAmount = round3((amount * percent) / 100);
  const requiredAmount = round3(amount + blendAmount);
  const needed = Math.max(1, Math.ceil(round3(requiredAmount / content)));
  const minimumPackages = input.minimumOrderQuantity > 0 ? Math.ceil(round3(input.minimumOrderQuantity / content)) : 0;
  const packages = Math.max(needed, minimumPackages);
  if (packages > MAX_QUANTITY) return none("tooLarge");
  return {
    blendAmount,
    requiredAmount,
    packages,
    finalAmount: round3(packages * content),
    totalMinor: packages * Math.round(input.packagePriceMinor),
    raisedToMinimum: minimumPackages > needed,
    problem: null,
    maximumAmount,
  };
}
