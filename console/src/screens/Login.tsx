import { useState, type FormEvent } from "react";
import { ApiError, apiPost } from "../api";
import { LanguageSwitch } from "../components/LanguageSwitch";
import { ProblemAlert } from "../components/ProblemAlert";
import type { StaffLoginRequest } from "@domain/api/staff-session";
import type { SessionView } from "../staff";
import { t } from "../texts";

/** E-mail and password; the staff API answers one message for every failed login. */
export function Login({ onLoggedIn, notice }: { onLoggedIn: (session: SessionView) => void; notice?: string }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body: StaffLoginRequest = { email, password };
      onLoggedIn(await apiPost<SessionView>("/admin/api/session", body));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <LanguageSwitch />
      <form onSubmit={submit} className="card" aria-labelledby="login-title">
        <h1 id="login-title">{t("loginTitle")}</h1>
        {notice && <p className="notice">{notice}</p>}
        <label>
          {t("email")}
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          {t("password")}
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <ProblemAlert problem={error} />
        <button type="submit" disabled={busy}>
          {busy ? t("loggingIn") : t("logIn")}
        </button>
      </form>
    </main>
  );
}
