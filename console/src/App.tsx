/**
 * The console shell: the login until a staff session exists, then the navigation of the
 * screens the role may use (screens/index.ts) and the screen of the path. A 401 from any
 * call (session idle, expired or revoked) brings the login back.
 */
import type { LoggedOut } from "@domain/api/staff-session";
import { useCallback, useEffect, useState } from "react";
import { apiDelete, apiGet, SESSION_ENDED_EVENT } from "./api";
import { LanguageSwitch } from "./components/LanguageSwitch";
import { Link, navigate, usePath } from "./router";
import { SCREENS, type ScreenEntry } from "./screens";
import { Login } from "./screens/Login";
import { mayUse, type SessionView, type StaffMember } from "./staff";
import { t } from "./texts";

type State = { kind: "loading" } | { kind: "anonymous"; notice?: string } | { kind: "staff"; staff: StaffMember };

const matches = (entry: ScreenEntry, path: string) => path === entry.path || path.startsWith(`${entry.path}/`);

export function App() {
  const [state, setState] = useState<State>({ kind: "loading" });
  const path = usePath();

  useEffect(() => {
    let active = true;
    apiGet<SessionView>("/admin/api/session")
      .then((session) => active && setState({ kind: "staff", staff: session.staff }))
      .catch(() => active && setState({ kind: "anonymous" }));
    const ended = () => setState({ kind: "anonymous", notice: t("sessionEnded") });
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => {
      active = false;
      window.removeEventListener(SESSION_ENDED_EVENT, ended);
    };
  }, []);

  const logOut = useCallback(async () => {
    try {
      await apiDelete<LoggedOut>("/admin/api/session");
    } finally {
      setState({ kind: "anonymous" });
      navigate("/");
    }
  }, []);

  if (state.kind === "loading") return <p className="loading">{t("loading")}</p>;
  if (state.kind === "anonymous") return <Login notice={state.notice} onLoggedIn={(session) => setState({ kind: "staff", staff: session.staff })} />;

  const staff = state.staff;
  const screens = SCREENS.filter((entry) => mayUse(staff.role, entry.roles));
  const current = screens.find((entry) => matches(entry, path));
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">{t("title")}</span>
        <span className="who" data-testid="who">
          {t("loggedInAs", { name: staff.name, role: t(`role.${staff.role}`) })}
        </span>
        <LanguageSwitch />
        <button type="button" onClick={logOut}>
          {t("logOut")}
        </button>
      </header>
      <nav className="sidebar" aria-label={t("navigation")}>
        <ul>
          {screens.map((entry) => (
            <li key={entry.path}>
              <Link to={entry.path} current={entry === current}>
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        {current ? (
          <current.Screen staff={staff} />
        ) : path === "/" ? (
          <p>{screens.length > 0 ? t("welcome", { name: staff.name }) : t("noScreens")}</p>
        ) : (
          <p>{t("notFound")}</p>
        )}
      </main>
    </div>
  );
}
