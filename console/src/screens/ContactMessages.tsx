/**
 * The contact page's messages (service, ops): the newest first, by shop and by a
 * search for a reference, a name or an e-mail address, each with its whole message. Staff
 * answer from their mail program (the notification mail's Reply-To is the sender).
 * API: GET /admin/api/contact-messages?shop=&q=&limit= (worker/shop-api/contact/staff-routes.ts).
 */
import { useState } from "react";
import type { StaffContactMessageList } from "@domain/back-office/contact-messages";
import { queryString } from "../components/format";
import { formatTime } from "../intl";
import { useStaffRead } from "../components/staff-read";
import { ProblemAlert } from "../components/ProblemAlert";
import type { ContactTopic } from "@domain/contact";
import { t, type TextKey } from "../texts";
import "../components/back-office.css";

const SHOPS = ["", "DE", "CH", "AT", "FR", "IT", "NL", "COM", "BRAND"];

const TOPICS: Record<ContactTopic, TextKey> = {
  advice: "contactMessages.topic.advice",
  order: "contactMessages.topic.order",
  delivery: "contactMessages.topic.delivery",
  other: "contactMessages.topic.other",
};

export function ContactMessages() {
  const [filters, setFilters] = useState({ shop: "", q: "" });
  const [draft, setDraft] = useState(filters);
  const {
    data: list,
    problem,
    loading,
  } = useStaffRead<StaffContactMessageList>(`/admin/api/contact-messages${queryString({ shop: filters.shop || null, q: filters.q || null, limit: 50 })}`);

  return (
    <section aria-labelledby="contact-messages-title">
      <h1 id="contact-messages-title">{t("contactMessages.title")}</h1>
      <form
        className="row"
        aria-label={t("contactMessages.filters")}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        <label>
          {t("contactMessages.shop")}
          <select value={draft.shop} onChange={(event) => setDraft({ ...draft, shop: event.target.value })}>
            {SHOPS.map((shop) => (
              <option key={shop} value={shop}>
                {shop || t("contactMessages.allShops")}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("contactMessages.search")}
          <input type="search" value={draft.q} maxLength={200} onChange={(event) => setDraft({ ...draft, q: event.target.value })} />
        </label>
        <button type="submit">{t("contactMessages.apply")}</button>
      </form>
      <ProblemAlert problem={problem} />
      {loading ? <p>{t("loading")}</p> : null}
      {list && list.messages.length === 0 ? <p>{t("contactMessages.none")}</p> : null}
      {list?.messages.map((message) => (
        <article key={message.reference} className="card" data-testid="contact-message">
          <h2>
            {message.reference} · {t(TOPICS[message.topic])}
          </h2>
          <p>
            {formatTime(message.createdAt)} · {message.shop} ({message.language}) · {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a>
            {message.phone ? ` · ${message.phone}` : ""}
            {message.orderNumber ? ` · ${t("contactMessages.orderNumber", { number: message.orderNumber })}` : ""}
          </p>
          <p style={{ whiteSpace: "pre-wrap" }}>{message.message}</p>
        </article>
      ))}
    </section>
  );
}
