/**
 * The pages a newsletter mail links to: the confirmation of the sign-up and the
 * unsubscription. The mail's token is in the query (`?token=`). The confirmation page posts it
 * as soon as it runs in the browser (one click in the mail confirms; a mail scanner that only
 * fetches the link runs no script and confirms nothing; the token is single-use) and goes on to
 * the shop's voucher thank-you page of the sign-up's language (the API's `thanksPath`); its
 * button shows only to retry a failure. The unsubscription posts by its button and says it is done.
 */
import React from "react";
import { navigate } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { confirmNewsletter, newIdempotencyKey, unsubscribeNewsletter } from "./api";

export type TokenAction = "confirm" | "unsubscribe";

type State = "reading" | "missing" | "ready" | "working" | "done" | "invalid" | "failed";

/** Posts the token of the page's action; the state it leaves the page in (a confirmation goes on to the thank-you page). */
async function post(action: TokenAction, token: string, key: string): Promise<State> {
  if (action === "confirm") {
    const result = await confirmNewsletter(token, key);
    if (result.ok && result.data) {
      await navigate(result.data.thanksPath);
      return "working";
    }
    return result.status === 404 ? "invalid" : "failed";
  }
  const result = await unsubscribeNewsletter(token, key);
  return result.ok ? "done" : result.status === 404 ? "invalid" : "failed";
}

export function NewsletterTokenPage({ action }: { action: TokenAction }) {
  const { t } = useTranslation("newsletter");
  const [token, setToken] = React.useState<string | null>(null);
  const [state, setState] = React.useState<State>("reading");
  // One key for the page: a retry or a second click repeats the first call instead of acting again.
  const key = React.useMemo(() => newIdempotencyKey(), []);
  const sending = React.useRef(false);

  const act = React.useCallback(
    async (found: string) => {
      if (sending.current) return;
      sending.current = true;
      setState("working");
      try {
        setState(await post(action, found, key));
      } finally {
        sending.current = false;
      }
    },
    [action, key],
  );

  React.useEffect(() => {
    const found = new URLSearchParams(window.location.search).get("token")?.trim() ?? "";
    setToken(found || null);
    setState(found ? "ready" : "missing");
    // The link from the mail confirms at once.
    if (found && action === "confirm") void act(found);
  }, [action, act]);

  const texts = `newsletter.${action}`;
  const message = state === "missing" || state === "invalid" || state === "failed" ? t(`${texts}.${state}`) : null;
  const showButton = action === "confirm" ? state === "failed" : state === "reading" || state === "ready" || state === "working" || state === "failed";
  return (
    <div className="newsletter-page" data-testid={`newsletter-${action}-page`} data-state={state}>
      <h1>{t(action === "confirm" ? "newsletter.confirmTitle" : "newsletter.unsubscribeTitle")}</h1>
      {state === "done" ? (
        <p role="status" className="newsletter-done" data-testid="newsletter-page-done">
          {t("newsletter.unsubscribe.done")}
        </p>
      ) : (
        <p>{t(`${texts}.intro`)}</p>
      )}
      {message ? (
        <p className="field-error" role="alert" data-testid="newsletter-page-error">
          {message}
        </p>
      ) : null}
      {showButton ? (
        <button
          type="button"
          className="button"
          disabled={state !== "ready" && state !== "failed"}
          data-testid={`newsletter-${action}`}
          onClick={() => void (token && act(token))}
        >
          {state === "working" ? t(`${texts}.working`) : t(`${texts}.button`)}
        </button>
      ) : null}
    </div>
  );
}
