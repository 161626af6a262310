/** gatsby-plugin-react-i18next formats a development-only warning with outdent; the pages never show it. */
export default function outdent(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((text, part, index) => text + part + (index < values.length ? String(values[index]) : ""), "");
}
