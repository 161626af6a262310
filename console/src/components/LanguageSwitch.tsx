/** The console's language switch: each language named in itself; a choice loads the console again in it (texts.ts). */
import { CONSOLE_LANGUAGES, language, switchLanguage, t, type ConsoleLanguage } from "../texts";

export function LanguageSwitch() {
  return (
    <label className="language">
      {t("language")}
      <select name="language" value={language} onChange={(event) => switchLanguage(event.target.value as ConsoleLanguage)}>
        {CONSOLE_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t("languageName", {}, code)}
          </option>
        ))}
      </select>
    </label>
  );
}
