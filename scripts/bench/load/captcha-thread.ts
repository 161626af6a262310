/** The worker thread of captcha-solver.ts: solves each ALTCHA challenge it is sent as the browser does (tests/kit/captcha.ts). */
import { parentPort } from "node:worker_threads";
import type { AltchaChallenge } from "@domain/api/captcha";
import { solveAltcha } from "@tests/kit/captcha";

parentPort!.on("message", ({ id, challenge }: { id: number; challenge: AltchaChallenge }) => {
  try {
    parentPort!.postMessage({ id, token: solveAltcha(challenge) });
  } catch (error) {
    parentPort!.postMessage({ id, error: String(error) });
  }
});
