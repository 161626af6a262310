/**
 * Inquiry numbers (migrations/0023_inquiries_offers.sql): `Q-` and 10 characters of
 * Crockford's base32 from 50 random bits (domain/random-ids.ts). A number that happens to be
 * taken fails the inquiry's batch, which is then written again with a new one.
 */
import { randomNumber, type RandomBytes } from "@domain/random-ids";

/** A new inquiry number from `random` (tests pass their own source of bytes). */
export const newInquiryNumber = (random?: RandomBytes): string => randomNumber("Q", random);
