// A Safe transaction's file as a Uniform Resource, for an animated QR code: apart from the file's
// text form (safeTxFile.ts), which the settings read on the first screen, so CBOR loads only where
// a code is shown or scanned.

import { utf8 } from '../bytes';
import { msg } from '../i18n/message';
import { type CborValue, decodeCbor, encodeCbor } from '../ur/cbor';
import type { Ur } from '../ur/ur';
import { encodeSafeTxFile, parseSafeTxFile, refuseSafeTxFile, SAFE_TX_FILE_TYPE, type SafeTxFile } from './safeTxFile';

/** The file as a Uniform Resource for an animated QR code (its text as a CBOR byte string). */
export function safeTxUr(file: SafeTxFile): Ur {
  const bytes = utf8(encodeSafeTxFile(file, true));
  return { type: SAFE_TX_FILE_TYPE, cbor: encodeCbor(bytes) };
}

/** A scanned Uniform Resource read back. Throws SAFE_IMPORT_MALFORMED. */
export function parseSafeTxUr(ur: Ur): SafeTxFile {
  if (ur.type !== SAFE_TX_FILE_TYPE) throw refuseSafeTxFile(msg('core.chain:safe.import.notSafeTx'));
  let bytes: CborValue;
  try {
    bytes = decodeCbor(ur.cbor);
  } catch {
    throw refuseSafeTxFile(msg('core.chain:safe.import.notJson'));
  }
  if (!(bytes instanceof Uint8Array)) throw refuseSafeTxFile(msg('core.chain:safe.import.notJson'));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuseSafeTxFile(msg('core.chain:safe.import.notJson'));
  }
  return parseSafeTxFile(text);
}
