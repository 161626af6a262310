import { spawn } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./shops";

/** Runs one of scripts/*.ts with tsx against the given local state folder, forwarding its output. */
export function runTsxScript(script: string, args: string[], options: { stateDir: string; log: (line: string) => void }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, "node_modules", ".bin", "tsx"), [join(ROOT, "scripts", script), ...args], {
      cwd: ROOT,
      env: { ...process.env, LOCAL_STATE_DIR: options.stateDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.trim()) options.log(`  ${line}`);
    };
    child.stdout.on("data", forward);
    child.stderr.on("data", forward);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} ${args.join(" ")} failed with exit code ${code}`))));
  });
}
