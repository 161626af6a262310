/**
 * Captchas solved off the load generator's event loop: a worker thread runs the browser's
 * ALTCHA solver (tests/kit/captcha.ts), so the seconds of hashing a solution costs never
 * delay the other shoppers' requests (the bench would measure itself).
 */
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { AltchaChallenge } from "@domain/api/captcha";

export interface CaptchaSolver {
  solve(challenge: AltchaChallenge): Promise<string>;
  close(): Promise<void>;
}

export function startCaptchaSolver(): CaptchaSolver {
  // The thread loads its TypeScript through tsx, as this process does.
  const thread = new Worker(`require("tsx/cjs/api").register(); require(${JSON.stringify(join(__dirname, "captcha-thread.ts"))});`, { eval: true });
  const waiting = new Map<number, { resolve(token: string): void; reject(error: Error): void }>();
  let next = 0;
  thread.on("message", ({ id, token, error }: { id: number; token?: string; error?: string }) => {
    const pending = waiting.get(id);
    waiting.delete(id);
    if (token !== undefined) pending?.resolve(token);
    else pending?.reject(new Error(error ?? "no solution"));
  });
  thread.unref();
  return {
    solve(challenge) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.postMessage({ id, challenge });
      });
    },
    async close() {
      await thread.terminate();
    },
  };
}
