/**
 * Reads a request body up to `limit` bytes. Resolves to null as soon as the body grows
 * beyond the limit (the stream is cancelled), whatever Content-Length claimed.
 */
export async function readLimitedBody(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
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
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // Appending keeps the decoded pieces as they are until the text is first read whole.
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
