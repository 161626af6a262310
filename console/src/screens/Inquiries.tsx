/**
 * Inquiries (service, ops): product questions, bulk-buyer inquiries and offer requests. The
 * list with filters (state, type, shop, number/e-mail/name/sku) and "load more", and at
 * /inquiries/<id> one inquiry with everything the customer sent and the replies so far, where
 * staff answer (the customer gets the answer by mail in the inquiry's language) and close it.
 * An offer request has its offer section (data-testid="inquiry-offer"), where the offer
 * editor (./OfferEditor) goes. API: worker/shop-api/inquiries/staff-routes.ts.
 */
import { CONSOLE_PATHS } from "@domain/back-office/console-routes";
import { useState, type FormEvent } from "react";
import type {
  InquiryDetail as Detail,
  InquiryListPage as ListPage,
  InquiryState,
  InquiryStateFilter,
  InquirySummary as Summary,
  InquiryType,
} from "@domain/back-office/inquiries";
import { MAX_REPLY_LENGTH } from "@domain/back-office/inquiries";
import type { InquiryQuestionId } from "@domain/inquiry";
import { apiGet, apiPost } from "../api";
import { FilterForm, labelledOptions, shopOptions } from "../components/FilterForm";
import { problemText, queryString } from "../components/format";
import { formatTime } from "../intl";
import { useStaffRead } from "../components/staff-read";
import { PagedListFooter, usePagedList, type PageSource } from "../components/paged-list";
import { ProblemAlert } from "../components/ProblemAlert";
import { Link, usePath } from "../router";
import { OfferEditor } from "./OfferEditor";
import { t, type TextKey } from "../texts";
import "../components/back-office.css";
import "./inquiries.css";

export const INQUIRIES_PATH = CONSOLE_PATHS.inquiries;
const API = "/admin/api/inquiries";

interface Filters {
  state: string;
  type: string;
  shop: string;
  q: string;
}

const NO_FILTERS: Filters = { state: "open", type: "", shop: "", q: "" };

const STATE_TEXT: Record<InquiryState, TextKey> = {
  open: "inquiries.state.open",
  answered: "inquiries.state.answered",
  closed: "inquiries.state.closed",
};
const FILTER_TEXT: Record<InquiryStateFilter, TextKey> = { ...STATE_TEXT, all: "inquiries.filter.all" };
const TYPE_TEXT: Record<InquiryType, TextKey> = {
  product: "inquiries.type.product",
  bulk: "inquiries.type.bulk",
  offer: "inquiries.type.offer",
};
const QUESTION_TEXT: Record<InquiryQuestionId, TextKey> = {
  alreadyCustomer: "inquiries.question.alreadyCustomer",
  isBusiness: "inquiries.question.isBusiness",
  isCommercialProject: "inquiries.question.isCommercialProject",
  needsDeliveryDate: "inquiries.question.needsDeliveryDate",
  needsInstallation: "inquiries.question.needsInstallation",
};

export function StateBadge({ state }: { state: InquiryState }) {
  return <span className={`badge inquiry-${state}`}>{t(STATE_TEXT[state])}</span>;
}

const INQUIRY_PAGES: PageSource<Filters, ListPage, Summary, string> = {
  fetch: (filters, after) => apiGet<ListPage>(`${API}${queryString({ ...filters, after })}`),
  rows: (page) => page.inquiries,
  next: (page) => page.next,
};

function InquiryList() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = usePagedList(INQUIRY_PAGES, filters);
  return (
    <section aria-labelledby="inquiries-title">
      <h1 id="inquiries-title">{t("inquiries.title")}</h1>
      <FilterForm
        label={t("inquiries.filters")}
        applyLabel={t("inquiries.apply")}
        filters={filters}
        onApply={setFilters}
        fields={[
          {
            name: "state",
            label: t("inquiries.stateLabel"),
            kind: "select",
            options: labelledOptions(list.page?.states ?? ["open"], (state) => t(FILTER_TEXT[state])),
          },
          {
            name: "type",
            label: t("inquiries.typeLabel"),
            kind: "select",
            all: t("inquiries.allTypes"),
            options: labelledOptions(list.page?.types, (type) => t(TYPE_TEXT[type])),
          },
          { name: "shop", label: t("inquiries.shop"), kind: "select", all: t("inquiries.allShops"), options: shopOptions(list.page?.shops) },
          { name: "q", label: t("inquiries.search"), kind: "search", maxLength: 200, placeholder: t("inquiries.searchHint") },
        ]}
      />
      <ProblemAlert problem={list.problem} />
      <table aria-busy={list.loading}>
        <caption className="notice">{t("inquiries.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("inquiries.number")}</th>
            <th scope="col">{t("inquiries.typeLabel")}</th>
            <th scope="col">{t("inquiries.stateLabel")}</th>
            <th scope="col">{t("inquiries.created")}</th>
            <th scope="col">{t("inquiries.shop")}</th>
            <th scope="col">{t("inquiries.product")}</th>
            <th scope="col">{t("inquiries.customer")}</th>
            <th scope="col">{t("inquiries.replies")}</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <tr key={row.id}>
              <td>
                <Link to={`${INQUIRIES_PATH}/${encodeURIComponent(row.id)}`}>{row.id}</Link>
              </td>
              <td>{t(TYPE_TEXT[row.type])}</td>
              <td>
                <StateBadge state={row.state} />
              </td>
              <td>{formatTime(row.createdAt)}</td>
              <td>
                {row.shop} · {row.language}
              </td>
              <td>
                {row.productName}
                <br />
                <span className="notice">{row.sku}</span>
              </td>
              <td>
                {row.name}
                <br />
                <span className="notice">{row.email}</span>
              </td>
              <td>{row.replyCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PagedListFooter list={list} none={t("inquiries.none")} more={t("inquiries.loadMore")} />
    </section>
  );
}

/** What the customer sent, and the replies so far. */
export function InquiryFacts({ detail }: { detail: Detail }) {
  return (
    <>
      <dl className="facts">
        <dt>{t("inquiries.stateLabel")}</dt>
        <dd data-testid="inquiry-state">
          <StateBadge state={detail.state} />
          {detail.closedAt && ` ${t("inquiries.closedAt", { at: formatTime(detail.closedAt) })}`}
        </dd>
        <dt>{t("inquiries.typeLabel")}</dt>
        <dd>{t(TYPE_TEXT[detail.type])}</dd>
        <dt>{t("inquiries.created")}</dt>
        <dd>{formatTime(detail.createdAt)}</dd>
        <dt>{t("inquiries.shop")}</dt>
        <dd>{t("inquiries.shopLanguage", { shop: detail.shop, language: detail.language })}</dd>
        <dt>{t("inquiries.product")}</dt>
        <dd>
          {detail.productName} · {detail.sku}
        </dd>
        <dt>{t("inquiries.quantity")}</dt>
        <dd>{detail.quantity === null ? "–" : `${detail.quantity} ${detail.unit ?? ""}`.trim()}</dd>
        <dt>{t("inquiries.customer")}</dt>
        <dd>
          {detail.name}
          <br />
          <a href={`mailto:${detail.email}`}>{detail.email}</a>
          {detail.phone && (
            <>
              <br />
              {detail.phone}
            </>
          )}
          <br />
          {detail.country.toUpperCase()}
          {" · "}
          {detail.customerId ? t("inquiries.account", { id: detail.customerId }) : t("inquiries.guest")}
        </dd>
        <dt>{t("inquiries.answers")}</dt>
        <dd>
          {detail.answers.length === 0 ? (
            "–"
          ) : (
            <ul className="inquiry-answers">
              {detail.answers.map((entry) => (
                <li key={entry.id}>
                  {t(QUESTION_TEXT[entry.id])}: {entry.answer ? t("inquiries.yes") : t("inquiries.no")}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{t("inquiries.message")}</dt>
        <dd className="inquiry-message">{detail.message}</dd>
      </dl>
      <h2>{t("inquiries.repliesTitle", { count: detail.replies.length })}</h2>
      {detail.replies.length === 0 ? (
        <p className="notice">{t("inquiries.noReplies")}</p>
      ) : (
        <ol className="inquiry-replies">
          {detail.replies.map((reply, index) => (
            <li key={index}>
              {formatTime(reply.at)} · {reply.by}
              <p className="inquiry-message">{reply.message}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** The answer to the customer; staff confirm before the mail goes. */
export function ReplyForm({ busy, onSend }: { busy: boolean; onSend: (message: string) => void }) {
  const [message, setMessage] = useState("");
  const [asking, setAsking] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim()) setAsking(true);
  };
  return (
    <form className="inquiry-reply-form" onSubmit={submit} aria-label={t("inquiries.replyTitle")}>
      <h2>{t("inquiries.replyTitle")}</h2>
      <label>
        {t("inquiries.replyLabel")}
        <textarea
          name="message"
          value={message}
          maxLength={MAX_REPLY_LENGTH}
          rows={8}
          required
          onChange={(event) => setMessage(event.target.value)}
          disabled={asking}
        />
      </label>
      <p className="notice">{t("inquiries.replyHint")}</p>
      {asking ? (
        <div className="row actions">
          <p>{t("inquiries.replyConfirm")}</p>
          <button type="button" disabled={busy} onClick={() => onSend(message)}>
            {t("inquiries.confirmYes")}
          </button>
          <button type="button" className="secondary" disabled={busy} onClick={() => setAsking(false)}>
            {t("inquiries.confirmNo")}
          </button>
        </div>
      ) : (
        <button type="submit" disabled={!message.trim()}>
          {t("inquiries.send")}
        </button>
      )}
    </form>
  );
}

/** Closing: asked once more, since a closed inquiry takes no further reply. */
export function CloseButton({ busy, onClose }: { busy: boolean; onClose: () => void }) {
  const [asking, setAsking] = useState(false);
  return asking ? (
    <div className="row actions">
      <p>{t("inquiries.closeConfirm")}</p>
      <button type="button" disabled={busy} onClick={onClose}>
        {t("inquiries.confirmYes")}
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={() => setAsking(false)}>
        {t("inquiries.confirmNo")}
      </button>
    </div>
  ) : (
    <p>
      <button type="button" className="secondary" onClick={() => setAsking(true)}>
        {t("inquiries.close")}
      </button>
    </p>
  );
}

/** The offer of an offer request: its state, and the offer editor of the offers module (./OfferEditor) where staff prepare and send it. */
export function OfferSection({ detail, onSaved }: { detail: Detail; onSaved: () => void }) {
  return (
    <section className="inquiry-offer" data-testid="inquiry-offer" aria-labelledby="inquiry-offer-title">
      <h2 id="inquiry-offer-title">{t("inquiries.offerTitle")}</h2>
      <p className="notice">{detail.offerId ? t("inquiries.offerSent", { id: detail.offerId }) : t("inquiries.offerNone")}</p>
      <OfferEditor inquiryId={detail.id} onSaved={onSaved} />
    </section>
  );
}

function InquiryView({ id }: { id: string }) {
  const { data: detail, setData: setDetail, problem, setProblem, reload } = useStaffRead<Detail>(`${API}/${encodeURIComponent(id)}`);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const change = async (path: "reply" | "close", body: unknown, message: string) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      setDetail(await apiPost<Detail>(`${API}/${encodeURIComponent(id)}/${path}`, body));
      setDone(message);
      setFormKey((key) => key + 1);
    } catch (caught) {
      setProblem(problemText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="inquiry-title">
      <p>
        <Link to={INQUIRIES_PATH}>{t("inquiries.back")}</Link>
      </p>
      <h1 id="inquiry-title">{t("inquiries.detailTitle", { id })}</h1>
      <ProblemAlert problem={problem} />
      {done && (
        <p role="status" className="ok">
          {done}
        </p>
      )}
      {!detail && !problem && <p className="notice">{t("loading")}</p>}
      {detail && (
        <>
          <InquiryFacts detail={detail} />
          {detail.type === "offer" && <OfferSection detail={detail} onSaved={reload} />}
          {detail.canReply ? (
            <ReplyForm key={formKey} busy={busy} onSend={(message) => void change("reply", { message }, t("inquiries.replied"))} />
          ) : (
            <p className="notice">{t("inquiries.isClosed")}</p>
          )}
          {detail.canClose && <CloseButton key={`close-${formKey}`} busy={busy} onClose={() => void change("close", undefined, t("inquiries.closed"))} />}
        </>
      )}
    </section>
  );
}

export function Inquiries() {
  const path = usePath();
  const id = path.startsWith(`${INQUIRIES_PATH}/`) ? decodeURIComponent(path.slice(INQUIRIES_PATH.length + 1)) : "";
  return id ? <InquiryView key={id} id={id} /> : <InquiryList />;
}
