import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";

/**
 * Alerts of the commerce widgets: type, message and an active flag; they can
 * be dismissed and dismiss themselves after 3 seconds.
 */
export type AlertType = "success" | "error" | "warning";
/** A button of the alert that leads on (e.g. "open the sample cart"). */
export interface AlertFollowUp {
  label: string;
  onClick: () => void;
}
export interface Alert {
  id: number;
  type: AlertType;
  message: string;
  active: boolean;
  followUp?: AlertFollowUp;
}

export const ALERT_DISMISS_MS = 3000;

export type AlertAction = { kind: "show"; id: number; type: AlertType; message: string; followUp?: AlertFollowUp } | { kind: "dismiss"; id: number };

/** Showing an alert replaces the previous one; a dismissed alert becomes inactive and leaves the list. */
export function alertsReducer(state: Alert[], action: AlertAction): Alert[] {
  if (action.kind === "show")
    return [{ id: action.id, type: action.type, message: action.message, active: true, ...(action.followUp ? { followUp: action.followUp } : {}) }];
  return state.filter((alert) => alert.id !== action.id);
}

export function useAlerts(dismissAfterMs = ALERT_DISMISS_MS) {
  const [alerts, dispatch] = React.useReducer(alertsReducer, []);
  const next = React.useRef(0);
  const timers = React.useRef(new Set<ReturnType<typeof setTimeout>>());
  React.useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const dismiss = React.useCallback((id: number) => dispatch({ kind: "dismiss", id }), []);
  const show = React.useCallback(
    (type: AlertType, message: string, followUp?: AlertFollowUp) => {
      const id = (next.current += 1);
      dispatch({ kind: "show", id, type, message, followUp });
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dispatch({ kind: "dismiss", id });
      }, dismissAfterMs);
      timers.current.add(timer);
    },
    [dismissAfterMs],
  );
  return { alerts, show, dismiss };
}

export function Alerts({ alerts, onDismiss }: { alerts: Alert[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation("commerce");
  return (
    <div className="commerce-alerts" aria-live="polite">
      {alerts
        .filter((alert) => alert.active)
        .map((alert) => (
          <div
            key={alert.id}
            className={`commerce-alert alert-${alert.type}`}
            role={alert.type === "error" ? "alert" : "status"}
            data-testid={`alert-${alert.type}`}
          >
            <span>{alert.message}</span>
            {alert.followUp ? (
              <button type="button" className="button link" onClick={alert.followUp.onClick}>
                {alert.followUp.label}
              </button>
            ) : null}
            <button type="button" className="icon-button" aria-label={t("alerts.dismiss")} onClick={() => onDismiss(alert.id)}>
              ×
            </button>
          </div>
        ))}
    </div>
  );
}
