/** Imported first by the entry scripts (npm start, npm test): they stop at once, with the reason, on another Node than the project's. */
import { requireProjectNode } from "./node-runtime";

requireProjectNode();
