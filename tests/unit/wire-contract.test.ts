/**
 * The wire contract (domain/api/, docs/decisions/0057) binds each handler of the shop API to
 * every caller of its answer: both read the one declaration, so a change of an answer's shape
 * fails the type check of the handler and of each caller. Checked here by type-checking
 * handlers and their callers against the contract as it is (no errors) and with one member of
 * each answer renamed (an error in each of them). The areas share nothing, so one program
 * renames the members of all of them.
 */
import { join } from "node:path";
import ts from "typescript";
import { ROOT } from "@scripts/lib/shops";

interface ContractCase {
  /** The contract file, and the member of one of its answers to rename. */
  contract: string;
  member: string;
  /** The handler that answers it and the callers that read it. */
  readers: string[];
}

const CASES: Record<string, ContractCase> = {
  "delivery: the product page's delivery box": {
    contract: "domain/api/delivery.ts",
    member: "isIsland",
    readers: ["worker/shop-api/commerce/delivery.ts", "site/src/features/commerce/DeliveryBox.tsx"],
  },
  "samples: the sample cart's list": {
    contract: "domain/api/samples.ts",
    member: "longDelivery",
    readers: ["worker/shop-api/commerce/samples.ts", "site/src/features/commerce/SampleItems.tsx"],
  },
  "search report: the back office's report screen": {
    contract: "domain/api/search.ts",
    member: "noResultTrends",
    readers: ["worker/shop-api/search/staff-search-report.ts", "console/src/screens/SearchReport.tsx"],
  },
};

const OPTIONS = (() => {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error("tsconfig.json could not be read");
  return { ...parsed.options, noEmit: true, incremental: false };
})();

/** The contract's text with the member's declaration renamed (`member?:` stays optional). */
function renamed({ contract, member }: ContractCase, text: string): string {
  const declaration = new RegExp(`^(\\s+)${member}(\\??):`, "m");
  if (!declaration.test(text)) throw new Error(`${contract} declares no member ${member}`);
  return text.replace(declaration, `$1${member}Renamed$2:`);
}

/** Each file parsed once for both programs (the libraries' declarations are most of the parsing). */
const parsed = new Map<string, ts.SourceFile | undefined>();

/** The readers of every case with type errors, the contracts as they are or with the cases' members renamed. */
function readersWithErrors(rename: boolean): string[] {
  const edits = new Map(Object.values(CASES).map((entry) => [join(ROOT, entry.contract), entry]));
  const host = ts.createCompilerHost(OPTIONS);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError) => {
    const edit = rename ? edits.get(fileName) : undefined;
    if (!edit) {
      if (!parsed.has(fileName)) parsed.set(fileName, read(fileName, language, onError));
      return parsed.get(fileName);
    }
    return ts.createSourceFile(fileName, renamed(edit, ts.sys.readFile(fileName) ?? ""), language);
  };
  const readers = Object.values(CASES).flatMap((entry) => entry.readers);
  const program = ts.createProgram({ rootNames: readers.map((file) => join(ROOT, file)), options: OPTIONS, host });
  return readers.filter((file) => program.getSemanticDiagnostics(program.getSourceFile(join(ROOT, file))).length > 0);
}

let asIs: string[] | undefined;
let withRenames: string[] | undefined;

describe.each(Object.entries(CASES))("%s", (_, contractCase) => {
  test("handler and callers type-check against the contract as it is", () => {
    asIs ??= readersWithErrors(false);
    expect(asIs.filter((file) => contractCase.readers.includes(file))).toEqual([]);
  });

  test("a renamed member of the answer fails the handler and every caller", () => {
    withRenames ??= readersWithErrors(true);
    expect(withRenames.filter((file) => contractCase.readers.includes(file))).toEqual(contractCase.readers);
  });
});
