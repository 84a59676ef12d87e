/**
 * Byte arrays joined into one, each behind its length (u32, big-endian): how the vault's plaintext
 * and the shared session's messages carry secret bytes beside JSON without turning them into text.
 */
export function joinFrames(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + 4 + part.length, 0));
  const view = new DataView(out.buffer);
  let offset = 0;
  for (const part of parts) {
    view.setUint32(offset, part.length);
    out.set(part, offset + 4);
    offset += 4 + part.length;
  }
  return out;
}

/** The parts joined by joinFrames, copied out of `bytes`; undefined when the framing is broken. */
export function splitFrames(bytes: Uint8Array): Uint8Array[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 4 > bytes.length) return undefined;
    const end = offset + 4 + view.getUint32(offset);
    if (end > bytes.length) return undefined;
    parts.push(bytes.slice(offset + 4, end));
    offset = end;
  }
  return parts;
}
