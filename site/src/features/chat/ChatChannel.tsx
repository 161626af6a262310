import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ChatSettings } from "./settings";
import "./chat.css";

/**
 * The live chat of the chat page's three steps, where the shop has a chat provider: until the
 * visitor starts it, the page only says who receives the messages and requests nothing from the
 * provider; the click on "start" is the consent and adds the provider's widget script, which
 * draws the chat into the holder. The focus goes to the holder.
 */
export function ChatChannel({ settings }: { settings: ChatSettings }) {
  const { t } = useTranslation();
  const [started, setStarted] = React.useState(false);
  const holder = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const element = holder.current;
    if (!started || !element || element.querySelector("script")) return;
    const script = document.createElement("script");
    script.src = settings.scriptUrl;
    script.async = true;
    element.appendChild(script);
    element.focus();
  }, [started, settings.scriptUrl]);
  return (
    <div className="chat-channel" data-testid="chat-channel">
      {started ? (
        <div className="chat-holder" ref={holder} tabIndex={-1} aria-label={t("chat.live.title", { provider: settings.name })} />
      ) : (
        <>
          <p className="muted">{t("chat.live.notice", { provider: settings.name })}</p>
          <button type="button" className="button" onClick={() => setStarted(true)} data-testid="chat-start">
            {t("chat.live.start")}
          </button>
        </>
      )}
    </div>
  );
}
