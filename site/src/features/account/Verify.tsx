import React from "react";
import { navigate } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { CustomerAnswer } from "@domain/api/account";
import { ACCOUNT_PATHS, accountCall } from "./api";
import { useAccountSettings } from "./context";
import { afterSignIn } from "./hooks";
import { takeToken } from "./token";
import { errorText } from "./ui";

type State = { kind: "working" } | { kind: "failed"; message: string };

/**
 * The link of the confirmation mail (`?token=`): confirms the address, which signs the
 * customer in (guest orders with the same address now belong to the account), then on to
 * my orders. The token is sent once, even if React renders the screen twice.
 */
export function Verify() {
  const { t } = useTranslation("account");
  const { paths } = useAccountSettings();
  const [state, setState] = React.useState<State>({ kind: "working" });
  const started = React.useRef(false);
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = takeToken();
    if (!token) {
      setState({ kind: "failed", message: t("account.verify.noToken") });
      return;
    }
    void (async () => {
      const result = await accountCall<CustomerAnswer>("POST", ACCOUNT_PATHS.verify, { token });
      if (result.ok && result.data) {
        await afterSignIn(result.data.customer);
        await navigate(paths.orders, { replace: true });
      } else
        setState({
          kind: "failed",
          message: result.status === 0 ? t("account.errors.general") : errorText(t, result.errors.find((e) => e.code !== "invalid") ?? result.errors[0]),
        });
    })();
  }, [paths.orders, t]);

  return (
    <section className="account-form" aria-labelledby="verify-title" data-testid="verify">
      <h1 id="verify-title">{t("account.verify.title")}</h1>
      {state.kind === "working" ? (
        <p role="status">{t("account.verify.working")}</p>
      ) : (
        <div role="alert" data-testid="verify-failed">
          <p>{state.message}</p>
          <p>{t("account.verify.again")}</p>
          <a href={paths.login}>{t("account.verify.toLogin")}</a>
        </div>
      )}
    </section>
  );
}
