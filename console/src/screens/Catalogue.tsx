/**
 * Catalogue: upload an import file (JSON, CSV products, CSV prices), see the check's result
 * by row and field before anything is written, then apply it; the import history below.
 */
import { useCallback, useEffect, useState, type ChangeEvent } from "react";
import type {
  AppliedImport as Applied,
  ImportFormat as Format,
  ImportHistory,
  ImportHistoryEntry as ImportEntry,
  UploadCheck as Check,
} from "@domain/back-office/catalogue";
import { ApiError, apiGet, apiPost } from "../api";
import { ProblemAlert } from "../components/ProblemAlert";
import type { ScreenProps } from "../staff";
import { formatTime } from "../intl";
import { t } from "../texts";

const FORMAT_LABELS: Record<Format, string> = {
  json: t("catalogue.formatJson"),
  "csv-products": t("catalogue.formatCsvProducts"),
  "csv-prices": t("catalogue.formatCsvPrices"),
};
const CONTENT_TYPES: Record<Format, string> = { json: "application/json", "csv-products": "text/csv", "csv-prices": "text/csv" };

/** The format of a file from its name and first line (the same rules as the import's own detection); null when unclear. */
export function detectFormat(name: string, text: string): Format | null {
  if (/\.json$/i.test(name) || /^\s*[[{]/.test(text)) return "json";
  const header = (text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "").split(/[;,]/).map((cell) => cell.trim().replace(/^"|"$/g, ""));
  if (header.includes("packagePrice") && header.includes("shop")) return "csv-prices";
  if (header.includes("sku") && (header.includes("unit") || header.includes("type"))) return "csv-products";
  return null;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

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
      const data = await apiGet<ImportHistory>("/admin/api/imports?limit=50");
      setHistory(data.imports);
      setHistoryNote(null);
    } catch (caught) {
      setHistory(null);
      setHistoryNote(
        caught instanceof ApiError && caught.status === 404 ? t("catalogue.historyUnavailable") : t("catalogue.historyFailed", { error: String(caught) }),
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
      <h1>{t("catalogue.title")}</h1>
      <section className="card" aria-labelledby="upload-title">
        <h2 id="upload-title">{t("catalogue.upload")}</h2>
        <div className="row">
          <div>
            <label htmlFor="import-file">{t("catalogue.file")}</label>
            <input id="import-file" type="file" name="file" accept=".json,.csv,.txt,application/json,text/csv" onChange={choose} />
          </div>
          <div>
            <label htmlFor="import-format">{t("catalogue.format")}</label>
            <select id="import-format" name="format" value={chosen} onChange={(event) => setChosen(event.target.value as Format | "auto")}>
              <option value="auto">
                {chosen === "auto" && file
                  ? t("catalogue.detected", { format: format ? FORMAT_LABELS[format] : t("catalogue.notRecognised") })
                  : t("catalogue.detect")}
              </option>
              {(Object.keys(FORMAT_LABELS) as Format[]).map((key) => (
                <option key={key} value={key}>
                  {FORMAT_LABELS[key]}
                </option>
              ))}
            </select>
          </div>
          <button type="button" onClick={runCheck} disabled={!file || !format || busy}>
            {t("catalogue.check")}
          </button>
        </div>
        {file && !format && <p className="error">{t("catalogue.formatUnknown", { name: file.name })}</p>}
        <ProblemAlert problem={error} />
        {check && !check.valid && (
          <div data-testid="check-problems">
            <p role="alert" className="error">
              {t(check.problems.length === 1 ? "catalogue.problemsOne" : "catalogue.problemsMany", {
                name: file?.name ?? "",
                count: check.problems.length,
              })}
            </p>
            <table>
              <thead>
                <tr>
                  <th>{t("catalogue.row")}</th>
                  <th>{t("catalogue.field")}</th>
                  <th>{t("catalogue.problem")}</th>
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
              {t(check.changedProducts === 1 ? "catalogue.validOne" : "catalogue.validMany", {
                name: file?.name ?? "",
                records: total(check.counts),
                count: check.changedProducts,
              })}
            </p>
            <button type="button" onClick={apply} disabled={busy}>
              {t("catalogue.apply")}
            </button>
          </div>
        )}
        {applied && (
          <p className="ok" data-testid="applied" role="status">
            {applied.changeId !== null
              ? t(applied.changedProducts === 1 ? "catalogue.importedOneRebuild" : "catalogue.importedManyRebuild", {
                  id: applied.importId,
                  count: applied.changedProducts,
                  changeId: applied.changeId,
                })
              : t(applied.changedProducts === 1 ? "catalogue.importedOne" : "catalogue.importedMany", {
                  id: applied.importId,
                  count: applied.changedProducts,
                })}
          </p>
        )}
      </section>
      <section aria-labelledby="history-title">
        <h2 id="history-title">{t("catalogue.history")}</h2>
        {historyNote && <p className="notice">{historyNote}</p>}
        {history && history.length === 0 && <p className="notice">{t("catalogue.noImports")}</p>}
        {history && history.length > 0 && (
          <table data-testid="import-history">
            <thead>
              <tr>
                <th>{t("catalogue.historyImport")}</th>
                <th>{t("catalogue.historyWhen")}</th>
                <th>{t("catalogue.historyWho")}</th>
                <th>{t("catalogue.historySource")}</th>
                <th>{t("catalogue.historyFormat")}</th>
                <th>{t("catalogue.historyRecords")}</th>
                <th>{t("catalogue.historyChanged")}</th>
                <th>{t("catalogue.historyChange")}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => (
                <tr key={entry.id}>
                  <td>{t("catalogue.number", { id: entry.id })}</td>
                  <td>{formatTime(entry.startedAt)}</td>
                  <td>{entry.actor}</td>
                  <td>{entry.source}</td>
                  <td>{entry.format}</td>
                  <td>{entry.rows}</td>
                  <td>{entry.changedProducts}</td>
                  <td>{entry.changeId !== null ? t("catalogue.number", { id: entry.changeId }) : "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
