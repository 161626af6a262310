import { spawn } from "node:child_process";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");

/**
 * Jest ends an idle worker with SIGTERM: the environment stops what the test kit keeps for the
 * process (the local runtime's workerd) before the process goes, so nothing outlives the run.
 */
test("on SIGTERM the shared values with a stop are stopped, then the process exits as terminated", async () => {
  const script = `
    const { default: Environment } = require("./tests/kit/jest-environment.ts");
    const environment = new Environment({ globalConfig: {}, projectConfig: { testEnvironmentOptions: {} } }, { console, docblockPragmas: {}, testPath: "x" });
    environment.global.workerShared.set("runtime", { stop: () => new Promise((resolve) => setTimeout(() => { console.log("stopped"); resolve(); }, 50)) });
    environment.global.workerShared.set("plain", { value: 1 });
    setInterval(() => undefined, 1000);
    console.log("ready");
  `;
  // Node itself with tsx's require hook, as Jest starts its workers: the tsx command would relay the signal through a
  // parent that sends it again when the child has not confirmed it within 30 ms (as under load), ending it at once.
  const child = spawn(process.execPath, ["--require", "tsx/cjs", "-e", script], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("ready") && !output.includes("sent")) {
      output += "sent\n";
      child.kill("SIGTERM");
    }
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(errors).toBe("");
  expect(output.split("\n").filter(Boolean)).toEqual(["ready", "sent", "stopped"]);
  expect(code).toBe(143);
});
