/**
 * The returns flow on one page: landing with the lookup (or the account's
 * orders), items with reason and details, overview, success. Opened from the signed link
 * of the order confirmation (`?order=&sig=`) or from the account's order (`?order=`,
 * signed in), it starts at the items without anything typed.
 */
import React from "react";
import useSWR from "swr";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ReturnsTexts } from "@domain/returns-forms";
import { withdrawPath, type ShopRouting } from "@domain/routes";
import { fetchData } from "@site/api/client";
import { rememberAccess } from "./access-store";
import { accessFields, accessOf, fetchAccountOrders, fetchCustomerRmaOrder, openSignedLink, RMA_PATHS, submitComplaint, uploadImage } from "./api";
import { entryFromLocation, flowReducer, INITIAL_FLOW, keyFor, needsNewLookup, type Entry, type FlowState, type Screen } from "./flow";
import { uploadIds } from "./images";
import { AccountOrders, LookupForm } from "./Landing";
import { Overview, Success } from "./Overview";
import { ReturnForm, type ReviewedReturn } from "./ReturnForm";
import { selectedItems, type TextError } from "./selection";
import { dateLocale, formatDateTime, isAccessLost, submitErrorText } from "./texts";
import type { RmaSubmitRequest } from "@domain/api/returns";
import type { Customer, OrderListItem, RmaLookupAnswer, RmaOptions, RmaOrder } from "./types";
import { useFormTexts } from "./useFormTexts";

const SCREENS: Exclude<Screen, "start">[] = ["lookup", "items", "overview", "success"];

export function StepList({ screen }: { screen: Screen }) {
  const { t } = useTranslation("returns");
  const current = SCREENS.indexOf(screen as (typeof SCREENS)[number]);
  return (
    <ol className="returns-steps" data-testid="returns-steps">
      {SCREENS.map((step, index) => (
        <li
          key={step}
          className={index < current ? "complete" : index === current ? "active" : "inactive"}
          aria-current={index === current ? "step" : undefined}
        >
          {t(`returns.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}

/** The request body of a reviewed return (pure; the overview sends it). */
export function submitBody(
  state: Pick<FlowState, "order" | "access" | "entries" | "wholeOrder" | "details" | "images">,
  texts: ReturnsTexts,
): RmaSubmitRequest {
  const order = state.order!;
  const { reason, proposal, message, phone } = state.details;
  return {
    ...accessFields(state.access!),
    orderNumber: order.orderNumber,
    items: selectedItems(texts, order, state.entries, reason, state.wholeOrder),
    ...(state.wholeOrder ? { wholeOrder: true } : {}),
    reason,
    ...(proposal ? { proposal } : {}),
    message,
    ...(phone ? { phone } : {}),
    uploadIds: uploadIds(state.images),
  };
}

/** Where the page's address leads: the order (a signed link, or the account's order when signed in), or the lookup with a word why. */
async function resolveEntry(entry: Entry): Promise<{ answer: RmaLookupAnswer | null; notice: TextError | null; prefill: string }> {
  if (entry.kind === "link") {
    const result = await openSignedLink(entry.order, entry.sig);
    if (result.ok && result.data) return { answer: result.data, notice: null, prefill: entry.order };
    return { answer: null, notice: { key: "lookup.linkInvalid" }, prefill: entry.order };
  }
  if (entry.kind === "account") {
    const result = await fetchCustomerRmaOrder(entry.order);
    return { answer: result.ok ? result.data : null, notice: null, prefill: entry.order };
  }
  return { answer: null, notice: null, prefill: "" };
}

export default function ReturnsFlow({
  shop,
  language,
  upload = uploadImage,
}: {
  shop: ShopRouting;
  language: string;
  /** The image upload call (tests give their own). */
  upload?: typeof uploadImage;
}) {
  const { t } = useTranslation("returns");
  const locale = dateLocale(language);
  const [state, dispatch] = React.useReducer(flowReducer, INITIAL_FLOW);
  const [entry, setEntry] = React.useState<Entry | null>(null);
  const [account, setAccount] = React.useState<{ customer: Customer; orders: OrderListItem[] } | null>(null);
  const [picking, setPicking] = React.useState<string | null>(null);
  const [pickError, setPickError] = React.useState<TextError | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [submitError, setSubmitError] = React.useState<TextError | null>(null);
  const submitting = React.useRef(false);
  const top = React.useRef<HTMLDivElement>(null);
  const { data: options, error: optionsError } = useSWR<RmaOptions>(RMA_PATHS.options, fetchData, { revalidateOnFocus: false });

  const texts = useFormTexts();
  const found = React.useCallback((answer: RmaLookupAnswer) => {
    rememberAccess(answer);
    dispatch({ type: "opened", order: answer.order, access: accessOf(answer) });
  }, []);

  React.useEffect(() => {
    let live = true;
    const start = entryFromLocation(window.location.search);
    setEntry(start);
    void fetchAccountOrders().then((orders) => live && setAccount(orders));
    void resolveEntry(start).then(({ answer, notice, prefill }) => {
      if (!live) return;
      if (answer) found(answer);
      else dispatch({ type: "lookup", prefill, notice });
    });
    return () => {
      live = false;
    };
  }, [found]);

  // Each screen starts at its top.
  React.useEffect(() => {
    if (state.screen !== "start") top.current?.scrollIntoView?.({ block: "start" });
  }, [state.screen]);

  const pick = async (number: string) => {
    setPicking(number);
    setPickError(null);
    const result = await fetchCustomerRmaOrder(number);
    setPicking(null);
    if (result.ok && result.data) found(result.data);
    else setPickError({ key: "errors.general" });
  };

  const submit = async () => {
    if (submitting.current) return;
    if (needsNewLookup(state)) {
      dispatch({ type: "lookup", notice: { key: "errors.expired" } });
      return;
    }
    submitting.current = true;
    setBusy(true);
    setSubmitError(null);
    const body = submitBody(state, texts);
    const json = JSON.stringify(body);
    const key = keyFor(state, json);
    dispatch({ type: "submitting", key, body: json });
    const result = await submitComplaint(body, key);
    submitting.current = false;
    setBusy(false);
    if (result.ok && result.data) dispatch({ type: "submitted", rmaId: result.data.rmaId });
    else if (isAccessLost(result) && state.access?.kind === "token") dispatch({ type: "lookup", notice: { key: "errors.expired" } });
    else setSubmitError(submitErrorText(result));
  };

  const order = state.order;
  const withdrawLink =
    order && order.isConsumerEu && !order.withdrawal
      ? `${withdrawPath(shop, language)}?${new URLSearchParams({ order: order.orderNumber, ...(entry?.kind === "link" ? { sig: entry.sig } : {}) }).toString()}`
      : null;

  let body: React.ReactNode;
  if (state.screen === "start") body = <p className="muted">{t("returns.loading")}</p>;
  else if (state.screen === "lookup")
    body = (
      <>
        {account ? (
          <AccountOrders customer={account.customer} orders={account.orders} locale={locale} busy={picking} onPick={(number) => void pick(number)} />
        ) : null}
        {pickError ? (
          <p className="field-error" role="alert">
            {t(`returns.${pickError.key}`)}
          </p>
        ) : null}
        <LookupForm prefill={state.prefill} notice={state.notice} onFound={found} />
      </>
    );
  else if (!options)
    body = optionsError ? (
      <p className="field-error" role="alert">
        {t("returns.errors.general")}
      </p>
    ) : (
      <p className="muted">{t("returns.loading")}</p>
    );
  else if (state.screen === "items" && order && state.access)
    body = (
      <>
        <OrderHeading order={order} locale={locale} withdrawLink={withdrawLink} />
        <ReturnForm
          order={order}
          options={options}
          initial={{ entries: state.entries, wholeOrder: state.wholeOrder, details: state.details }}
          images={state.images}
          locale={locale}
          upload={upload}
          onImages={(update) => dispatch({ type: "imagesChanged", update })}
          onReviewed={(reviewed: ReviewedReturn) => {
            setSubmitError(null);
            dispatch({ type: "reviewed", ...reviewed });
          }}
        />
      </>
    );
  else if (state.screen === "overview" && order)
    body = (
      <Overview
        order={order}
        items={selectedItems(texts, order, state.entries, state.details.reason, state.wholeOrder)}
        wholeOrder={state.wholeOrder}
        details={state.details}
        options={options}
        images={state.images}
        busy={busy}
        error={submitError}
        onCorrect={() => dispatch({ type: "correct" })}
        onSubmit={() => void submit()}
      />
    );
  else if (state.screen === "success" && state.rmaId) body = <Success rmaId={state.rmaId} onAnother={() => window.location.reload()} />;

  return (
    <div className="returns-flow" ref={top} data-testid="returns-screen" data-screen={state.screen}>
      {state.screen === "start" ? null : <StepList screen={state.screen} />}
      {body}
    </div>
  );
}

function OrderHeading({ order, locale, withdrawLink }: { order: RmaOrder; locale: string; withdrawLink: string | null }) {
  const { t } = useTranslation("returns");
  return (
    <div className="returns-order-heading">
      <p data-testid="returns-order">{t("returns.order", { number: order.orderNumber, date: formatDateTime(order.placedAt, locale) })}</p>
      {withdrawLink ? (
        <p className="small">
          {t("returns.withdraw.hint")}{" "}
          <a href={withdrawLink} data-testid="to-withdraw">
            {t("returns.withdraw.link")}
          </a>
        </p>
      ) : null}
    </div>
  );
}
