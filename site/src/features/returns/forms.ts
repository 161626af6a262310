/**
 * The forms of the returns screens (react-hook-form + zod), built from the rules the shop
 * API applies (domain/returns-forms.ts), so a form refuses what the API would refuse, in
 * the visitor's words: the order lookup, and the reason and details of a complaint.
 */
import { z } from "zod";
import { lookupSchema, REASONS_NEEDING_MESSAGE, reasonDetailsShape, type ReturnReason, type ReturnsTexts } from "@domain/returns-forms";

/** The order lookup: order or invoice number, the order's e-mail, the billing postal code. */
export function lookupFormSchema(texts: ReturnsTexts) {
  return lookupSchema(texts);
}

/**
 * Reason (one of the list), remedy proposal (one of the first three, or none), message (needed
 * for a defect, a wrong delivery and "other"), phone ('The entered phone number is invalid.').
 * The fields hold text; no proposal is the empty choice.
 */
export function detailsFormSchema(texts: ReturnsTexts) {
  const shape = reasonDetailsShape(texts);
  return z
    .object({
      reason: z.string({ required_error: texts.required }).pipe(shape.reason),
      proposal: z
        .string()
        .transform((value) => (value === "" ? undefined : value))
        .pipe(shape.proposal),
      message: shape.message,
      phone: shape.phone,
    })
    .refine((details) => !REASONS_NEEDING_MESSAGE.includes(details.reason as ReturnReason) || details.message !== "", {
      message: texts.message,
      path: ["message"],
    });
}

export type LookupFormInput = z.input<ReturnType<typeof lookupFormSchema>>;
export type LookupForm = z.output<ReturnType<typeof lookupFormSchema>>;
export type DetailsFormInput = z.input<ReturnType<typeof detailsFormSchema>>;
export type DetailsForm = z.output<ReturnType<typeof detailsFormSchema>>;
