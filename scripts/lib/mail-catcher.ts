/**
 * The local SMTP catcher: maildev (npm) as a child process, an SMTP server that keeps
 * every mail it receives and shows it in a web inbox (and its REST API, GET /email).
 * `npm start` runs one on SMTP 1025 / web 1080, the browser tests their own on 1026 /
 * 1081, Jest tests one on free ports. The worker reaches it through SMTP_HOST/SMTP_PORT
 * with SMTP_SECURITY=none (wrangler.jsonc vars).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { assertPortFree } from "./local-worker";
import { ROOT } from "./shops";

export const MAIL_CATCHER_PORTS = { smtp: 1025, web: 1080 } as const;
export const E2E_MAIL_CATCHER_PORTS = { smtp: 1026, web: 1081 } as const;

export interface MailCatcherOptions {
  smtpPort: number;
  webPort: number;
  /** Where maildev keeps the mails (they survive a restart); a folder of its own per catcher. */
  mailDirectory: string;
  log?: (line: string) => void;
}

export interface MailCatcher {
  /** The web inbox (and REST API): http://127.0.0.1:<web>/ */
  inboxUrl: string;
  stop(): Promise<void>;
}

/** A mail as maildev's REST API describes it (the fields tests read). */
export interface CaughtMail {
  id: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** Starts maildev on 127.0.0.1 and waits until its web inbox answers. */
export async function startMailCatcher(options: MailCatcherOptions): Promise<MailCatcher> {
  await assertPortFree(options.smtpPort);
  await assertPortFree(options.webPort);
  mkdirSync(options.mailDirectory, { recursive: true });
  const args = [
    "--smtp",
    String(options.smtpPort),
    "--web",
    String(options.webPort),
    "--ip",
    "127.0.0.1",
    "--mail-directory",
    options.mailDirectory,
    "--silent",
  ];
  const child = spawn(join(ROOT, "node_modules", ".bin", "maildev"), args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      output.push(line);
      options.log?.(`[mail] ${line}`);
    }
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const stopOnExit = () => signalGroup(child, "SIGTERM");
  process.once("exit", stopOnExit);
  child.once("exit", () => process.removeListener("exit", stopOnExit));
  const inboxUrl = `http://127.0.0.1:${options.webPort}/`;
  await waitUntilAnswering(child, inboxUrl, output);
  return { inboxUrl, stop: () => stopCatcher(child) };
}

async function waitUntilAnswering(child: ChildProcess, inboxUrl: string, output: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`maildev exited (${child.exitCode}):\n${output.slice(-20).join("\n")}`);
    try {
      if ((await fetch(`${inboxUrl}healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopCatcher(child);
  throw new Error(`maildev did not answer on ${inboxUrl} within 30 s:\n${output.slice(-20).join("\n")}`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stopCatcher(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    signalGroup(child, "SIGTERM");
    setTimeout(() => signalGroup(child, "SIGKILL"), 5000).unref();
  });
}

/** The mails in a catcher's inbox, oldest first; `to` keeps only those to that address. */
export async function readInbox(inboxUrl: string, to?: string): Promise<CaughtMail[]> {
  const url = new URL("email", inboxUrl);
  if (to) url.searchParams.set("to.address", to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** The state folder's mail directory (npm start, browser tests). */
export const mailDirectoryIn = (stateDir: string): string => join(stateDir, "mail");
