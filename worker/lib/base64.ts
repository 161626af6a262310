/**
 * The bytes of a base64 text (standard alphabet, padding optional), as `atob` reads it: throws on a text that is not
 * base64. One loop over the decoded characters: mapping each through `Uint8Array.from`'s callback took about fifteen
 * times as long, 150 ms for the invoices' 500 KB font.
 */
export function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
