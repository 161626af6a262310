/**
 * The mail outbox (service, ops): what reached whom. The list shows status, recipient,
 * subject, shop, times, attempts and the last error, filtered by status, recipient and
 * shop, with "load more"; the body only when one mail is opened (/mail/<shop>-<id>: ids are counted per shop database).
 * API: worker/shop-api/core/mail/staff-outbox-routes.ts.
 */
import { CONSOLE_PATHS } from "@domain/back-office/console-routes";
import { useState } from "react";
import type { MailDetail as Detail, MailListPage as ListPage, MailStatus, MailSummary as Mail } from "@domain/back-office/mail-outbox";
import { apiGet } from "../api";
import { FilterForm, shopOptions } from "../components/FilterForm";
import { queryString } from "../components/format";
import { formatNumber, formatTime } from "../intl";
import { useStaffRead } from "../components/staff-read";
import { PagedListFooter, usePagedList, type PageSource } from "../components/paged-list";
import { ProblemAlert } from "../components/ProblemAlert";
import { Link, usePath } from "../router";
import { t } from "../texts";
import "../components/back-office.css";

export const MAIL_PATH = CONSOLE_PATHS.mail;
const API = "/admin/api/mail";

interface Filters {
  status: string;
  recipient: string;
  shop: string;
}

const NO_FILTERS: Filters = { status: "", recipient: "", shop: "" };

const MAIL_PAGES: PageSource<Filters, ListPage, Mail, string> = {
  fetch: (filters, after) => apiGet<ListPage>(`${API}${queryString({ ...filters, after })}`),
  rows: (page) => page.mails,
  next: (page) => page.next,
};

const statusText = (status: MailStatus): string => t(`mail.status.${status}`);

function StatusBadge({ status }: { status: MailStatus }) {
  return <span className={`badge mail-${status}`}>{statusText(status)}</span>;
}

function MailList() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = usePagedList(MAIL_PAGES, filters);
  const { rows: mails, page: meta, loading } = list;

  return (
    <section aria-labelledby="mail-title">
      <h1 id="mail-title">{t("mail.title")}</h1>
      <FilterForm
        label={t("mail.filters")}
        applyLabel={t("mail.apply")}
        filters={filters}
        onApply={setFilters}
        fields={[
          {
            name: "status",
            label: t("mail.status"),
            kind: "select",
            all: t("mail.allStatuses"),
            options: (meta?.statuses ?? []).map((status) => ({ value: status, label: `${statusText(status)} (${formatNumber(meta?.counts[status] ?? 0)})` })),
          },
          { name: "recipient", label: t("mail.recipient"), kind: "search", maxLength: 254 },
          { name: "shop", label: t("mail.shop"), kind: "select", all: t("mail.allShops"), options: shopOptions(meta?.shops) },
        ]}
      />
      <ProblemAlert problem={list.problem} />
      <table aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t("mail.status")}</th>
            <th scope="col">{t("mail.recipient")}</th>
            <th scope="col">{t("mail.subject")}</th>
            <th scope="col">{t("mail.shop")}</th>
            <th scope="col">{t("mail.created")}</th>
            <th scope="col">{t("mail.sent")}</th>
            <th scope="col">{t("mail.attempts")}</th>
            <th scope="col">{t("mail.lastError")}</th>
          </tr>
        </thead>
        <tbody>
          {mails.map((mail) => (
            <tr key={mail.id}>
              <td>
                <Link to={`${MAIL_PATH}/${mail.key}`}>{mail.id}</Link>
              </td>
              <td>
                <StatusBadge status={mail.status} />
              </td>
              <td>{mail.recipient}</td>
              <td>{mail.subject ?? <span className="error">{t("mail.unrenderable")}</span>}</td>
              <td>{mail.shop}</td>
              <td>{formatTime(mail.createdAt)}</td>
              <td>{mail.sentAt ? formatTime(mail.sentAt) : mail.nextAttemptAt ? t("mail.nextAttempt", { at: formatTime(mail.nextAttemptAt) }) : "–"}</td>
              <td>{mail.attempts}</td>
              <td>{mail.lastError ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PagedListFooter list={list} none={t("mail.none")} more={t("mail.loadMore")} />
    </section>
  );
}

function MailDetail({ id }: { id: string }) {
  const { data: mail, problem } = useStaffRead<Detail>(`${API}/${encodeURIComponent(id)}`);

  return (
    <section aria-labelledby="mail-detail-title">
      <p>
        <Link to={MAIL_PATH}>{t("mail.back")}</Link>
      </p>
      <h1 id="mail-detail-title">{t("mail.detailTitle", { id })}</h1>
      <ProblemAlert problem={problem} />
      {!mail && !problem && <p className="notice">{t("loading")}</p>}
      {mail && (
        <>
          <dl className="facts">
            <dt>{t("mail.status")}</dt>
            <dd>
              <StatusBadge status={mail.status} />
            </dd>
            <dt>{t("mail.from")}</dt>
            <dd>{mail.from ?? "–"}</dd>
            <dt>{t("mail.recipient")}</dt>
            <dd>{mail.recipient}</dd>
            <dt>{t("mail.subject")}</dt>
            <dd>{mail.subject ?? "–"}</dd>
            <dt>{t("mail.shop")}</dt>
            <dd>
              {mail.shop} ({mail.language}), {mail.template}
            </dd>
            <dt>{t("mail.created")}</dt>
            <dd>{formatTime(mail.createdAt)}</dd>
            <dt>{t("mail.sent")}</dt>
            <dd>{formatTime(mail.sentAt)}</dd>
            {mail.nextAttemptAt && (
              <>
                <dt>{t("mail.nextAttemptLabel")}</dt>
                <dd>{formatTime(mail.nextAttemptAt)}</dd>
              </>
            )}
            <dt>{t("mail.attempts")}</dt>
            <dd>{mail.attempts}</dd>
            <dt>{t("mail.lastError")}</dt>
            <dd>{mail.lastError ?? "–"}</dd>
            {mail.renderError && (
              <>
                <dt>{t("mail.renderError")}</dt>
                <dd className="error">{mail.renderError}</dd>
              </>
            )}
          </dl>
          {mail.text !== null && (
            <>
              <h2>{t("mail.body")}</h2>
              <pre className="mail-body">{mail.text}</pre>
            </>
          )}
        </>
      )}
    </section>
  );
}

export function MailOutbox() {
  const path = usePath();
  const id = path.startsWith(`${MAIL_PATH}/`) ? path.slice(MAIL_PATH.length + 1) : "";
  return id ? <MailDetail key={id} id={id} /> : <MailList />;
}
