/**
 * Hands each chunk of a body to `take` while the body stays within `limit` bytes; false as
 * soon as it grows beyond (the stream is cancelled, the rest never read), whatever
 * Content-Length claimed.
 */
async function readWithin(body: ReadableStream<Uint8Array>, limit: number, take: (chunk: Uint8Array) => void): Promise<boolean> {
  const reader = body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return false;
    }
    take(value);
  }
}

/**
 * Reads a request body up to `limit` bytes. Resolves to null as soon as the body grows
 * beyond the limit (the stream is cancelled), whatever Content-Length claimed.
 */
export async function readLimitedBody(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  if (!(await readWithin(body, limit, (chunk) => chunks.push(chunk)))) return null;
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a UTF-8 text body up to `limit` bytes, decoding each chunk as it arrives: the
 * bytes are never collected, only the text (a character split between chunks is decoded
 * whole). Resolves to null as soon as the body grows beyond the limit (the stream is
 * cancelled, the rest never read), whatever Content-Length claimed.
 */
export async function readLimitedText(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string | null> {
  if (!body) return "";
  const decoder = new TextDecoder();
  // Appending keeps the decoded pieces as they are until the text is first read whole.
  let text = "";
  if (!(await readWithin(body, limit, (chunk) => (text += decoder.decode(chunk, { stream: true }))))) return null;
  return text + decoder.decode();
}
