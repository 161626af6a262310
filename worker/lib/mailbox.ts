/**
 * Mailboxes as the shop config writes them: `Bodenhaus <service@bodenhaus.example>` or a
 * bare `service@bodenhaus.example`. A display name may not contain `<`, `>`, `"` or line
 * breaks (it goes into a mail header as it is).
 */
export interface Mailbox {
  name?: string;
  address: string;
}

const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const NAMED = /^([^<>"\r\n]+?)\s*<([^<>\s]+)>$/;

/** The mailbox, or null when the text is not one. */
export function parseMailbox(text: string): Mailbox | null {
  const named = NAMED.exec(text.trim());
  const name = named?.[1]?.trim();
  const address = named ? named[2]! : text.trim();
  if (!ADDRESS.test(address)) return null;
  return name ? { name, address } : { address };
}

/** A bare e-mail address (no display name). */
export const isMailAddress = (text: string): boolean => ADDRESS.test(text);
