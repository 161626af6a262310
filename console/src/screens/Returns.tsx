/**
 * Returns and complaints (service, ops): the list with filters (state, kind, shop, number,
 * order or e-mail) and "load more", and at /returns/<rmaId> one complaint with its order, its
 * lines, the customer's images and its history, where staff set the next state with a note
 * the customer gets by mail. The move to `refunded` refunds the case: its history shows the
 * refund, and staff retry one that failed or record the bank transfer of an offline payment's.
 * The images come from the staff API only (same origin, the
 * staff session); HEIC photos, which most browsers cannot show, are offered as downloads.
 * API: worker/shop-api/returns/staff-routes.ts.
 */
import { CONSOLE_PATHS } from "@domain/back-office/console-routes";
import { useState, type FormEvent } from "react";
import type { ReturnStatusRequest } from "@domain/api/returns";
import type {
  ReturnDetail as Detail,
  ReturnListPage as ListPage,
  ReturnRefund,
  ReturnSummary as Summary,
  RmaStatus,
  StaffRmaStatus,
} from "@domain/back-office/returns";
import { ApiError, apiGet, apiPost } from "../api";
import { problemText, queryString } from "../components/format";
import { formatMoneyValue, formatTime } from "../intl";
import { useStaffRead } from "../components/staff-read";
import { PagedListFooter, usePagedList, type PageSource } from "../components/paged-list";
import { ProblemAlert } from "../components/ProblemAlert";
import { Link, usePath } from "../router";
import { t, type TextKey } from "../texts";
import "../components/back-office.css";
import "./returns.css";

export const RETURNS_PATH = CONSOLE_PATHS.returns;
const API = "/admin/api/returns";

interface Filters {
  state: string;
  kind: string;
  shop: string;
  q: string;
}

const NO_FILTERS: Filters = { state: "open", kind: "", shop: "", q: "" };

const STATUS_TEXT: Record<RmaStatus, TextKey> = {
  submitted: "returns.status.submitted",
  received: "returns.status.received",
  accepted: "returns.status.accepted",
  rejected: "returns.status.rejected",
  refunded: "returns.status.refunded",
  replaced: "returns.status.replaced",
};
const FILTER_TEXT: Record<ListPage["states"][number], TextKey> = { ...STATUS_TEXT, open: "returns.filter.open", all: "returns.filter.all" };
const KIND_TEXT: Record<Summary["kind"], TextKey> = { return: "returns.kind.return", withdrawal: "returns.kind.withdrawal" };
const REASON_TEXT: Record<Summary["reason"], TextKey> = {
  NEW_PRODUCT: "returns.reason.NEW_PRODUCT",
  DISCOUNT: "returns.reason.DISCOUNT",
  MONEY_BACK: "returns.reason.MONEY_BACK",
  DEFECTIVE: "returns.reason.DEFECTIVE",
  OVER_ORDER: "returns.reason.OVER_ORDER",
  INCORRECTLY_ORDERED: "returns.reason.INCORRECTLY_ORDERED",
  DELIVERED_INCORRECTLY: "returns.reason.DELIVERED_INCORRECTLY",
  REVOCATION: "returns.reason.REVOCATION",
  OTHER: "returns.reason.OTHER",
};
const VIA_TEXT: Record<Detail["via"], TextKey> = { lookup: "returns.via.lookup", link: "returns.via.link", session: "returns.via.session" };
const statusText = (status: RmaStatus) => t(STATUS_TEXT[status]);

export function StatusBadge({ status }: { status: RmaStatus }) {
  return <span className={`badge rma-${status}`}>{statusText(status)}</span>;
}

/** Images a browser shows inline; HEIC/HEIF are offered for download. */
export const showsInline = (contentType: string): boolean => ["image/jpeg", "image/png", "image/webp"].includes(contentType);

const RETURN_PAGES: PageSource<Filters, ListPage, Summary, string> = {
  fetch: (filters, after) => apiGet<ListPage>(`${API}${queryString({ ...filters, after })}`),
  rows: (page) => page.returns,
  next: (page) => page.next,
};

function FilterForm({ filters, page, onApply }: { filters: Filters; page: ListPage | null; onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState(filters);
  const set = (name: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className="row filters" onSubmit={submit} aria-label={t("returns.filters")}>
      <label>
        {t("returns.state")}
        <select name="state" value={draft.state} onChange={set("state")}>
          {(page?.states ?? ["open"]).map((state) => (
            <option key={state} value={state}>
              {t(FILTER_TEXT[state])}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("returns.kind")}
        <select name="kind" value={draft.kind} onChange={set("kind")}>
          <option value="">{t("returns.allKinds")}</option>
          {(page?.kinds ?? []).map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_TEXT[kind])}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("returns.shop")}
        <select name="shop" value={draft.shop} onChange={set("shop")}>
          <option value="">{t("returns.allShops")}</option>
          {(page?.shops ?? []).map((shop) => (
            <option key={shop.id} value={shop.id}>
              {shop.id} – {shop.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("returns.search")}
        <input type="search" name="q" value={draft.q} maxLength={200} placeholder={t("returns.searchHint")} onChange={set("q")} />
      </label>
      <button type="submit">{t("returns.apply")}</button>
    </form>
  );
}

function ReturnList() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = usePagedList(RETURN_PAGES, filters);
  return (
    <section aria-labelledby="returns-title">
      <h1 id="returns-title">{t("returns.title")}</h1>
      <FilterForm filters={filters} page={list.page} onApply={setFilters} />
      <ProblemAlert problem={list.problem} />
      <table aria-busy={list.loading}>
        <caption className="notice">{t("returns.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("returns.number")}</th>
            <th scope="col">{t("returns.status")}</th>
            <th scope="col">{t("returns.created")}</th>
            <th scope="col">{t("returns.order")}</th>
            <th scope="col">{t("returns.customer")}</th>
            <th scope="col">{t("returns.reason")}</th>
            <th scope="col">{t("returns.packages")}</th>
            <th scope="col">{t("returns.images")}</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <tr key={row.rmaId}>
              <td>
                <Link to={`${RETURNS_PATH}/${encodeURIComponent(row.rmaId)}`}>{row.rmaId}</Link>
                {row.kind === "withdrawal" && <span className="badge rma-withdrawal">{t("returns.kind.withdrawal")}</span>}
              </td>
              <td>
                <StatusBadge status={row.status} />
              </td>
              <td>{formatTime(row.createdAt)}</td>
              <td>
                {row.shop} · {row.orderNumber}
              </td>
              <td>
                {row.name}
                <br />
                <span className="notice">{row.email}</span>
              </td>
              <td>{t(REASON_TEXT[row.reason])}</td>
              <td>{t("returns.packagesOf", { packages: row.packages, lines: row.lineCount })}</td>
              <td>{row.imageCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PagedListFooter list={list} none={t("returns.none")} more={t("returns.loadMore")} />
    </section>
  );
}

const REFUND_TEXT: Record<ReturnRefund["state"], TextKey> = {
  refunded: "returns.refund.refunded",
  failed: "returns.refund.failed",
  transfer: "returns.refund.transfer",
};

/** The refund of the move to `refunded`: given back, failed (stands out), or waiting for staff's transfer. */
function RefundLine({ refund }: { refund: ReturnRefund }) {
  const text = t(REFUND_TEXT[refund.state], { amount: formatMoneyValue(refund.amount) });
  return refund.state === "refunded" ? (
    <p data-testid="rma-refund">{text}</p>
  ) : (
    <p data-testid="rma-refund" role="alert" className="error">
      {text}
    </p>
  );
}

/** The case's refund still open (failed, or a transfer to record), or null. */
const openRefund = (detail: Detail): ReturnRefund | null => detail.history.find((entry) => entry.refund && entry.refund.state !== "refunded")?.refund ?? null;

/** The complaint's facts, lines, images and history: what staff read before they decide. */
export function ReturnFacts({ detail }: { detail: Detail }) {
  return (
    <>
      <dl className="facts">
        <dt>{t("returns.status")}</dt>
        <dd data-testid="rma-status">
          <StatusBadge status={detail.status} />
        </dd>
        <dt>{t("returns.kind")}</dt>
        <dd>{t(KIND_TEXT[detail.kind])}</dd>
        <dt>{t("returns.reason")}</dt>
        <dd>{t(REASON_TEXT[detail.reason])}</dd>
        <dt>{t("returns.proposal")}</dt>
        <dd>{detail.proposal ? t(REASON_TEXT[detail.proposal]) : "–"}</dd>
        <dt>{t("returns.message")}</dt>
        <dd className="rma-message">{detail.message || "–"}</dd>
        <dt>{t("returns.order")}</dt>
        <dd>
          {detail.shop} · {detail.orderNumber} · {t("returns.placedAt", { at: formatTime(detail.order.placedAt) })} · {detail.order.state}
          {detail.wholeOrder && ` · ${t("returns.wholeOrder")}`}
        </dd>
        <dt>{t("returns.customer")}</dt>
        <dd>
          {detail.order.billing.name}
          {detail.order.billing.company && ` (${detail.order.billing.company})`}
          <br />
          <a href={`mailto:${detail.email}`}>{detail.email}</a>
          {detail.phone && (
            <>
              <br />
              {detail.phone}
            </>
          )}
          <br />
          {[detail.order.billing.postcode, detail.order.billing.countryCode?.toUpperCase()].filter(Boolean).join(" ")}
          {detail.order.shippingCountryCode && ` · ${t("returns.shippedTo", { country: detail.order.shippingCountryCode.toUpperCase() })}`}
        </dd>
        <dt>{t("returns.via")}</dt>
        <dd>
          {t(VIA_TEXT[detail.via])} · {detail.language}
        </dd>
        {detail.order.withdrawnAt && (
          <>
            <dt>{t("returns.withdrawn")}</dt>
            <dd>{formatTime(detail.order.withdrawnAt)}</dd>
          </>
        )}
      </dl>
      <h2>{t("returns.linesTitle")}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("returns.line")}</th>
            <th scope="col">{t("returns.sku")}</th>
            <th scope="col">{t("returns.product")}</th>
            <th scope="col">{t("returns.quantity")}</th>
            <th scope="col">{t("returns.orderedDelivered")}</th>
            <th scope="col">{t("returns.deliveredAt")}</th>
          </tr>
        </thead>
        <tbody>
          {detail.lines.map((line) => (
            <tr key={line.lineNo}>
              <td>{line.lineNo}</td>
              <td>{line.sku}</td>
              <td>{line.name}</td>
              <td>{line.quantity}</td>
              <td>
                {line.ordered} / {line.delivered}
              </td>
              <td>{formatTime(line.deliveredAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t("returns.imagesTitle", { count: detail.images.length })}</h2>
      {detail.images.length === 0 ? (
        <p className="notice">{t("returns.noImages")}</p>
      ) : (
        <ul className="rma-images">
          {detail.images.map((image) => (
            <li key={image.uploadId}>
              {showsInline(image.contentType) ? (
                <a href={image.url} target="_blank" rel="noopener noreferrer">
                  <img src={image.url} alt={t("returns.imageAlt", { name: image.fileName })} loading="lazy" />
                </a>
              ) : (
                <p className="notice">{t("returns.noPreview", { type: image.contentType })}</p>
              )}
              <a href={image.url} download={image.fileName}>
                {t("returns.download", { name: image.fileName, kb: Math.max(1, Math.round(image.size / 1024)) })}
              </a>
            </li>
          ))}
        </ul>
      )}
      <h2>{t("returns.historyTitle")}</h2>
      <ol className="rma-history">
        {detail.history.map((entry, index) => (
          <li key={index}>
            <StatusBadge status={entry.status} /> {formatTime(entry.at)} · {entry.by === "customer" ? t("returns.byCustomer") : entry.by}
            {entry.note && <p className="rma-message">{entry.note}</p>}
            {entry.refund && <RefundLine refund={entry.refund} />}
          </li>
        ))}
      </ol>
    </>
  );
}

/** The next state and the note for the customer; staff confirm before the mail goes. */
export function StatusForm({
  allowed,
  busy,
  onChange,
}: {
  allowed: StaffRmaStatus[];
  busy: boolean;
  onChange: (status: StaffRmaStatus, note: string) => void;
}) {
  const [status, setStatus] = useState<StaffRmaStatus | "">("");
  const [note, setNote] = useState("");
  const [asking, setAsking] = useState(false);
  if (allowed.length === 0) return <p className="notice">{t("returns.final")}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status) setAsking(true);
  };
  return (
    <form className="rma-status-form" onSubmit={submit} aria-label={t("returns.changeStatus")}>
      <h2>{t("returns.changeStatus")}</h2>
      <label>
        {t("returns.newStatus")}
        <select name="status" value={status} required onChange={(event) => setStatus(event.target.value as StaffRmaStatus)} disabled={asking}>
          <option value="">{t("returns.choose")}</option>
          {allowed.map((next) => (
            <option key={next} value={next}>
              {statusText(next)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("returns.note")}
        <textarea name="note" value={note} maxLength={2000} rows={4} onChange={(event) => setNote(event.target.value)} disabled={asking} />
      </label>
      <p className="notice">{t("returns.noteHint")}</p>
      {asking && status ? (
        <div className="row actions">
          <p>{t("returns.confirm", { status: statusText(status) })}</p>
          <button type="button" disabled={busy} onClick={() => onChange(status, note)}>
            {t("returns.confirmYes")}
          </button>
          <button type="button" className="secondary" disabled={busy} onClick={() => setAsking(false)}>
            {t("returns.confirmNo")}
          </button>
        </div>
      ) : (
        <button type="submit" disabled={!status}>
          {t("returns.setStatus")}
        </button>
      )}
    </form>
  );
}

function ReturnView({ rmaId }: { rmaId: string }) {
  const { data: detail, setData: setDetail, problem, setProblem } = useStaffRead<Detail>(`${API}/${encodeURIComponent(rmaId)}`);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const change = async (status: StaffRmaStatus, note: string) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const body: ReturnStatusRequest = { status, note };
      setDetail(await apiPost<Detail>(`${API}/${encodeURIComponent(rmaId)}/status`, body));
      setDone(t("returns.changed", { status: statusText(status) }));
      setFormKey((key) => key + 1);
    } catch (caught) {
      setProblem(problemText(caught));
    } finally {
      setBusy(false);
    }
  };

  const settle = async () => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      setDetail(await apiPost<Detail>(`${API}/${encodeURIComponent(rmaId)}/refund`, {}));
      setDone(t("returns.refund.done"));
    } catch (caught) {
      setProblem(caught instanceof ApiError && caught.errors[0]?.code === "refund_not_open" ? t("returns.refund.notOpen") : problemText(caught));
    } finally {
      setBusy(false);
    }
  };

  const open = detail ? openRefund(detail) : null;
  return (
    <section aria-labelledby="return-title">
      <p>
        <Link to={RETURNS_PATH}>{t("returns.back")}</Link>
      </p>
      <h1 id="return-title">{t("returns.detailTitle", { id: rmaId })}</h1>
      <ProblemAlert problem={problem} />
      {done && (
        <p role="status" className="ok">
          {done}
        </p>
      )}
      {!detail && !problem && <p className="notice">{t("loading")}</p>}
      {detail && (
        <>
          <ReturnFacts detail={detail} />
          {open && (
            <p className="row actions">
              <button type="button" disabled={busy} onClick={() => void settle()} data-testid="rma-settle-refund">
                {t(open.state === "transfer" ? "returns.refund.recordTransfer" : "returns.refund.retry")}
              </button>
            </p>
          )}
          <StatusForm key={formKey} allowed={detail.allowedStatuses} busy={busy} onChange={(status, note) => void change(status, note)} />
        </>
      )}
    </section>
  );
}

export function Returns() {
  const path = usePath();
  const rmaId = path.startsWith(`${RETURNS_PATH}/`) ? decodeURIComponent(path.slice(RETURNS_PATH.length + 1)) : "";
  return rmaId ? <ReturnView key={rmaId} rmaId={rmaId} /> : <ReturnList />;
}
