import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { language, t } from "./texts";
import "./console.css";

document.documentElement.lang = language;
document.title = t("title");
const root = document.getElementById("root");
if (!root) throw new Error(t("noRoot"));
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
