/**
 * Complaint numbers (docs/decisions/0038): `R-` and 10 characters of Crockford's base32 from
 * 50 random bits (crypto.getRandomValues), so a number tells nothing about another one and
 * guessing one that exists is hopeless (2^50 numbers; at a million complaints, one guess in
 * about a billion hits). The complaint's batch checks the number is free and a taken one is
 * drawn again.
 */
import { randomNumber, type RandomBytes } from "@domain/random-ids";

export const RMA_NUMBER_BITS = 50;

/** A new complaint number from `random` (tests pass their own source of bytes). */
export const newRmaNumber = (random?: RandomBytes): string => randomNumber("R", random);
