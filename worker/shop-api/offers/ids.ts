/**
 * Offer ids (migrations/0023_inquiries_offers.sql): `O-` and 10 characters of Crockford's base32
 * from 50 random bits (domain/random-ids.ts); the link that opens one carries a signature besides.
 */
import { randomNumber, type RandomBytes } from "@domain/random-ids";

/** A new offer id from `random` (tests pass their own source of bytes). */
export const newOfferId = (random?: RandomBytes): string => randomNumber("O", random);
