/**
 * Free samples' facts that the product page, the sample basket and the sample order
 * confirmation mail state alike: a sample marked with a long delivery time arrives within
 * this range of weeks (the texts take it as `{{from}}` and `{{to}}`).
 */
export const SAMPLE_LONG_DELIVERY_WEEKS = { from: 2, to: 3 } as const;

/** Free samples per order: a sample cart holds at most this many (`sample_slot_count`). */
export const SAMPLE_SLOT_COUNT = 7;

/** A finished sample order is processed automatically after this many hours. */
export const SAMPLE_PROCESSING_DELAY_HOURS = 1;
