/**
 * JSON of any shape: a document a test breaks on purpose (wrong types, missing or unknown
 * fields) to check that the validation refuses it, or an answer a test reads field by field.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests write wrong types into the JSON on purpose
export type LooseJson = Record<string, any>;

/** A deep copy of `value` as LooseJson. */
export const looseCopy = (value: unknown): LooseJson => JSON.parse(JSON.stringify(value));
