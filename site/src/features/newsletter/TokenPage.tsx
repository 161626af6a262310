/**
 * The pages a newsletter mail links to (issue 15): the confirmation of the sign-up and the
 * unsubscription. The mail's token is in the query (`?token=`); opening the page does nothing
 * (a mail scanner that fetches the link confirms nothing), its one button posts the token. A
 * confirmed sign-up goes on to the shop's voucher thank-you page of the sign-up's language
 * (the API's `thanksPath`); an unsubscription says it is done.
 */
import React from "react";
import { navigate } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { confirmNewsletter, newIdempotencyKey, unsubscribeNewsletter } from "./api";

export type TokenAction = "confirm" | "unsubscribe";

type State = "reading" | "missing" | "ready" | "working" | "done" | "invalid" | "failed";

export function NewsletterTokenPage({ action }: { action: TokenAction }) {
  const { t } = useTranslation("newsletter");
  const [token, setToken] = React.useState<string | null>(null);
  const [state, setState] = React.useState<State>("reading");
  // One key for the page: a second click repeats the first call instead of acting again.
  const key = React.useMemo(() => newIdempotencyKey(), []);

  React.useEffect(() => {
    const found = new URLSearchParams(window.location.search).get("token")?.trim() ?? "";
    setToken(found || null);
    setState(found ? "ready" : "missing");
  }, []);

  const act = async () => {
    if (!token || state === "working") return;
    setState("working");
    if (action === "confirm") {
      const result = await confirmNewsletter(token, key);
      if (result.ok && result.data) {
        await navigate(result.data.thanksPath);
        return;
      }
      setState(result.status === 404 ? "invalid" : "failed");
      return;
    }
    const result = await unsubscribeNewsletter(token, key);
    setState(result.ok ? "done" : result.status === 404 ? "invalid" : "failed");
  };

  const texts = `newsletter.${action}`;
  const message = state === "missing" || state === "invalid" || state === "failed" ? t(`${texts}.${state}`) : null;
  const showButton = state === "reading" || state === "ready" || state === "working" || state === "failed";
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
          onClick={() => void act()}
        >
          {state === "working" ? t(`${texts}.working`) : t(`${texts}.button`)}
        </button>
      ) : null}
    </div>
  );
}
