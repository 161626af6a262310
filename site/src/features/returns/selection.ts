/**
 * The items of a return: per order line a select flag and a return
 * amount, bounded by what the line allows, the whole-order option, and the lines that
 * cannot be returned with their reason. The bounds and the checks are the shop API's own
 * (domain/returns-forms.ts: allowedQuantity, itemsSelectionSchema): a line allows what is
 * returnable (delivered minus returned, within 30 days of its delivery); a defect
 * (DEFECTIVE) is not limited by the window, so it allows what was delivered and not
 * returned; before a reason is chosen, the most any reason allows.
 */
import { allowedQuantity, itemsSelectionSchema, RETURN_REASONS, type ReturnReason, type ReturnsTexts } from "@domain/returns-forms";
import type { BlockedReason, RmaLine, RmaOrder } from "./types";

/** What the visitor typed for a line: the flag and the amount as text (as the field holds it). */
export interface LineEntry {
  selected: boolean;
  quantity: string;
}

export type Entries = Record<number, LineEntry>;

/** An error in words of the locale: the key under `returns.` and its values. */
export interface TextError {
  key: string;
  params?: Record<string, string | number>;
}

/** The messages of a selection, in the visitor's words: for the whole list, and per line number. */
export interface SelectionErrors {
  general: string | null;
  lines: Record<number, string>;
}

/** The reason as the rules take it: one of the complaint reasons, or null while none is chosen. */
export function reasonOf(value: string): ReturnReason | null {
  return (RETURN_REASONS as readonly string[]).includes(value) ? (value as ReturnReason) : null;
}

/** The most that may be returned of a line for the reason chosen (domain allowedQuantity). */
export function limitOf(line: RmaLine, reason: string): number {
  return Math.max(0, Math.floor(allowedQuantity(line, reasonOf(reason))));
}

/** Why a line cannot be chosen for this reason, or null when it can. */
export function blockedReasonOf(line: RmaLine, reason: string): BlockedReason | null {
  if (limitOf(line, reason) > 0) return null;
  if (line.blockedReason) return line.blockedReason;
  return line.delivered > 0 && line.returned >= line.delivered ? "already_returned" : "not_delivered";
}

/** A line whose return window closed but whose defects may still be reported (the hint beside it). */
export function onlyForDefects(line: RmaLine): boolean {
  return line.returnable <= 0 && line.complaintable > 0;
}

/** The entries a fresh form starts with: nothing selected, each amount at the line's returnable amount (at least 1). */
export function initialEntries(order: RmaOrder): Entries {
  return Object.fromEntries(order.lines.map((line) => [line.lineNo, { selected: false, quantity: String(Math.max(1, line.returnable)) }]));
}

/** The whole order: every line that can be chosen for the reason, each with everything it allows. */
export function wholeOrderEntries(order: RmaOrder, reason: string): Entries {
  return Object.fromEntries(
    order.lines.map((line) => {
      const limit = limitOf(line, reason);
      return [line.lineNo, { selected: limit > 0, quantity: String(Math.max(1, limit)) }];
    }),
  );
}

/** A typed amount as the schema takes it: nothing while empty, the number for digits, NaN for anything else. */
function amountOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return /^[0-9]{1,4}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function selectionForm(order: RmaOrder, entries: Entries, wholeOrder: boolean) {
  return {
    wholeOrder,
    lines: order.lines.map((line) => ({
      lineNo: line.lineNo,
      selected: entries[line.lineNo]?.selected ?? false,
      quantity: amountOf(entries[line.lineNo]?.quantity ?? ""),
    })),
  };
}

/**
 * The errors of a selection, by the shared schema: at least one product ('Please
 * select at least one product'), each selected amount a whole number from 1 up to what the
 * line allows ('The value must not be higher than {maxValue}'), no line that allows nothing.
 */
export function validateSelection(texts: ReturnsTexts, order: RmaOrder, entries: Entries, reason: string, wholeOrder = false): SelectionErrors {
  const result = itemsSelectionSchema(texts, order.lines, reasonOf(reason)).safeParse(selectionForm(order, entries, wholeOrder));
  const errors: SelectionErrors = { general: null, lines: {} };
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [, index] = issue.path;
    const line = typeof index === "number" ? order.lines[index] : undefined;
    if (line) errors.lines[line.lineNo] ??= issue.message;
    else errors.general ??= issue.message;
  }
  return errors;
}

export function hasSelectionErrors(errors: SelectionErrors): boolean {
  return errors.general !== null || Object.keys(errors.lines).length > 0;
}

/** The items of the request: the whole order's lines in full, or the selected ones with their amounts. */
export function selectedItems(
  texts: ReturnsTexts,
  order: RmaOrder,
  entries: Entries,
  reason: string,
  wholeOrder = false,
): { lineNo: number; quantity: number }[] {
  const result = itemsSelectionSchema(texts, order.lines, reasonOf(reason)).safeParse(selectionForm(order, entries, wholeOrder));
  return result.success ? result.data.items : [];
}
