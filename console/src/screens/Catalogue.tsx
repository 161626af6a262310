/**
 * Catalogue: upload an import file (JSON, CSV products, CSV prices), see the check's result
 * by row and field before anything is written, then apply it; the import history below.
 */
import { useCallback, useEffect, useState, type ChangeEvent } from "react";
import { ApiError, apiGet, apiPost } from "../api";
import type { ScreenProps } from "../staff";

type Format = "json" | "csv-products" | "csv-prices";
const FORMAT_LABELS: Record<Format, string> = { json: "JSON catalogue", "csv-products": "CSV products", "csv-prices": "CSV prices" };
const CONTENT_TYPES: Record<Format, string> = { json: "application/json", "csv-products": "text/csv", "csv-prices": "text/csv" };

interface Problem {
  row?: number;
  field: string;
  message: string;
}

interface Check {
  valid: boolean;
  format: Format;
  problems: Problem[];
  counts: Record<string, number>;
  changedProducts: number;
}

interface Applied {
  importId: number;
  changedProducts: number;
  counts: Record<string, number>;
  changeId: number | null;
}

interface ImportEntry {
  id: number;
  source: string;
  format: string;
  actor: string;
  startedAt: string;
  rows: number;
  changedProducts: number;
  changeId: number | null;
}

/** The format of a file from its name and first line (the same rules as the import's own detection); null when unclear. */
export function detectFormat(name: string, text: string): Format | null {
  if (/\.json$/i.test(name) || /^\s*[[{]/.test(text)) return "json";
  const header = (text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "").split(/[;,]/).map((cell) => cell.trim().replace(/^"|"$/g, ""));
  if (header.includes("packagePrice") && header.includes("shop")) return "csv-prices";
  if (header.includes("sku") && (header.includes("unit") || header.includes("type"))) return "csv-products";
  return null;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
const when = (iso: string) => new Date(iso).toLocaleString("en-GB");

export function CatalogueScreen(_: ScreenProps) {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [chosen, setChosen] = useState<Format | "auto">("auto");
  const [check, setCheck] = useState<Check | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<ImportEntry[] | null>(null);
  const [historyNote, setHistoryNote] = useState<string | null>(null);

  const format: Format | null = chosen !== "auto" ? chosen : file ? detectFormat(file.name, file.text) : null;

  const loadHistory = useCallback(async () => {
    try {
      const data = await apiGet<{ imports: ImportEntry[] }>("/admin/api/imports?limit=50");
      setHistory(data.imports);
      setHistoryNote(null);
    } catch (caught) {
      setHistory(null);
      setHistoryNote(
        caught instanceof ApiError && caught.status === 404
          ? "The import history is not available on this server yet."
          : `The import history could not be loaded: ${String(caught)}`,
      );
    }
  }, []);

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    setCheck(null);
    setApplied(null);
    setError(null);
    setFile(picked ? { name: picked.name, text: await picked.text() } : null);
  };

  const send = async <T,>(step: "validate" | "apply"): Promise<T | null> => {
    if (!file || !format) return null;
    setBusy(true);
    setError(null);
    try {
      const query = `format=${encodeURIComponent(format)}&name=${encodeURIComponent(file.name)}`;
      return await apiPost<T>(`/admin/api/catalogue/${step}?${query}`, file.text, CONTENT_TYPES[format]);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 422 && step === "apply") {
        // The file changed between check and apply, or the data did: show the problems as a check would.
        setCheck({
          valid: false,
          format,
          problems: caught.errors
            .filter((item) => item.field)
            .map((item) => ({ row: Number(item.params?.row) || undefined, field: item.field!, message: item.message })),
          counts: {},
          changedProducts: 0,
        });
      } else setError(caught instanceof Error ? caught.message : String(caught));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const runCheck = async () => {
    setApplied(null);
    setCheck(await send<Check>("validate"));
  };

  const apply = async () => {
    const result = await send<Applied>("apply");
    if (result) {
      setApplied(result);
      setCheck(null);
      void loadHistory();
    }
  };

  return (
    <>
      <h1>Catalogue</h1>
      <section className="card" aria-labelledby="upload-title">
        <h2 id="upload-title">Upload an import file</h2>
        <div className="row">
          <div>
            <label htmlFor="import-file">File</label>
            <input id="import-file" type="file" name="file" accept=".json,.csv,.txt,application/json,text/csv" onChange={choose} />
          </div>
          <div>
            <label htmlFor="import-format">Format</label>
            <select id="import-format" name="format" value={chosen} onChange={(event) => setChosen(event.target.value as Format | "auto")}>
              <option value="auto">Detect from the file{chosen === "auto" && file ? ` (${format ? FORMAT_LABELS[format] : "not recognised"})` : ""}</option>
              {(Object.keys(FORMAT_LABELS) as Format[]).map((key) => (
                <option key={key} value={key}>
                  {FORMAT_LABELS[key]}
                </option>
              ))}
            </select>
          </div>
          <button type="button" onClick={runCheck} disabled={!file || !format || busy}>
            Check file
          </button>
        </div>
        {file && !format && <p className="error">The format of {file.name} is not recognised: choose it.</p>}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {check && !check.valid && (
          <div data-testid="check-problems">
            <p role="alert" className="error">
              {file?.name} has {check.problems.length} problem{check.problems.length === 1 ? "" : "s"}. Nothing was written. Fix the file and check it again.
            </p>
            <table>
              <thead>
                <tr>
                  <th>Row</th>
                  <th>Field</th>
                  <th>Problem</th>
                </tr>
              </thead>
              <tbody>
                {check.problems.map((problem, index) => (
                  <tr key={index}>
                    <td>{problem.row ?? "–"}</td>
                    <td>{problem.field}</td>
                    <td>{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {check && check.valid && (
          <div data-testid="check-valid">
            <p className="ok">
              {file?.name} is valid: {total(check.counts)} records, {check.changedProducts} product{check.changedProducts === 1 ? "" : "s"} would change.
            </p>
            <button type="button" onClick={apply} disabled={busy}>
              Apply import
            </button>
          </div>
        )}
        {applied && (
          <p className="ok" data-testid="applied" role="status">
            Imported as import #{applied.importId}: {applied.changedProducts} product{applied.changedProducts === 1 ? "" : "s"} changed
            {applied.changeId !== null ? ` (change #${applied.changeId}, the shops rebuild)` : ""}.
          </p>
        )}
      </section>
      <section aria-labelledby="history-title">
        <h2 id="history-title">Import history</h2>
        {historyNote && <p className="notice">{historyNote}</p>}
        {history && history.length === 0 && <p className="notice">No imports yet.</p>}
        {history && history.length > 0 && (
          <table data-testid="import-history">
            <thead>
              <tr>
                <th>Import</th>
                <th>When</th>
                <th>Who</th>
                <th>Source</th>
                <th>Format</th>
                <th>Records</th>
                <th>Products changed</th>
                <th>Change</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => (
                <tr key={entry.id}>
                  <td>#{entry.id}</td>
                  <td>{when(entry.startedAt)}</td>
                  <td>{entry.actor}</td>
                  <td>{entry.source}</td>
                  <td>{entry.format}</td>
                  <td>{entry.rows}</td>
                  <td>{entry.changedProducts}</td>
                  <td>{entry.changeId !== null ? `#${entry.changeId}` : "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
