/**
 * An R2 binding whose `put` fails at a chosen call: `refused` before the object is written, `timed-out`
 * after it was written (the caller cannot tell). Every other call goes to the real bucket.
 */
import type { R2Bucket } from "@cloudflare/workers-types";

export type R2Fault = "refused" | "timed-out";

export function failingPutAt(bucket: R2Bucket, at: number, fault: R2Fault): R2Bucket & { faulted(): boolean } {
  let puts = 0;
  let happened = false;
  const put: R2Bucket["put"] = async (...args) => {
    puts += 1;
    if (puts !== at) return bucket.put(...args);
    happened = true;
    if (fault === "timed-out") await bucket.put(...args);
    throw new Error(fault === "refused" ? "R2 put: 503 Service Unavailable" : "R2 put: network connection lost");
  };
  return Object.assign(Object.create(bucket) as R2Bucket, { put, faulted: () => happened });
}
