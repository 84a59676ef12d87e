// crypto-keypath (BCR-2020-007, tag 304): a derivation path as components [index, hardened, …],
// with the fingerprint of the key it starts from. Newer registries tag it 40304.
import { InputError } from '../errors/input';
import { codeValue, type Message, msg } from '../i18n/message';
import { CborTag, type CborValue } from '../ur/cbor';

export const TAG_KEYPATH = 304;
export const TAG_KEYPATH_V2 = 40304;
/** BIP-32's hardened bit, added to an index. */
export const HARDENED = 0x80000000;

export type KeyPath = {
  /** Indexes with the hardened bit set where hardened, as BIP-32 counts them. */
  components: number[];
  /** The fingerprint of the key the path starts from (the master key's, for a full path). */
  sourceFingerprint?: number;
  depth?: number;
};

const refuse = (reason: Message) => new InputError('INPUT_QR', msg('core.devices:qrPath.refused', { reason }));

export function pathText({ components }: KeyPath): string {
  return ['m', ...components.map((c) => (c >= HARDENED ? `${c - HARDENED}'` : String(c)))].join('/');
}

/** The indexes of a path written m/44'/60'/0'/0/0 (hardened with ' ); anything else is a RangeError. */
export function parsePathText(path: string): number[] {
  const parts = path.split('/');
  if (parts.shift() !== 'm') throw new RangeError(`not a path: ${path}`);
  return parts.map((part) => {
    const match = /^(\d{1,10})('?)$/.exec(part);
    const index = Number(match?.[1]);
    if (!match || index >= HARDENED) throw new RangeError(`not a path: ${path}`);
    return match[2] ? index + HARDENED : index;
  });
}

/** The untagged CBOR of `path`. */
export function keyPathCbor(path: KeyPath): Map<CborValue, CborValue> {
  const map = new Map<CborValue, CborValue>([
    [1, path.components.flatMap((c) => (c >= HARDENED ? [c - HARDENED, true] : [c, false]))],
  ]);
  if (path.sourceFingerprint !== undefined) map.set(2, path.sourceFingerprint);
  if (path.depth !== undefined) map.set(3, path.depth);
  return map;
}

const isUint32 = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffffff;

/** The path a (tagged or untagged) crypto-keypath holds. Wildcards and ranges are refused: Cairn derives children itself. */
export function readKeyPath(value: CborValue): KeyPath {
  const inner = value instanceof CborTag ? value.value : value;
  if (value instanceof CborTag && value.tag !== TAG_KEYPATH && value.tag !== TAG_KEYPATH_V2)
    throw refuse(msg('core.devices:qrPath.tag', { tag: codeValue(String(value.tag)) }));
  if (!(inner instanceof Map)) throw refuse(msg('core.devices:qrPath.notMap'));
  const flat = inner.get(1);
  if (!Array.isArray(flat) || flat.length % 2 !== 0) throw refuse(msg('core.devices:qrPath.pairs'));
  const components: number[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const [index, hardened] = [flat[i], flat[i + 1]];
    if (
      typeof hardened !== 'boolean' ||
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= HARDENED
    )
      throw refuse(msg('core.devices:qrPath.component'));
    components.push(hardened ? index + HARDENED : index);
  }
  const path: KeyPath = { components };
  const fingerprint = inner.get(2);
  if (fingerprint !== undefined) {
    if (!isUint32(fingerprint)) throw refuse(msg('core.devices:qrPath.fingerprint'));
    path.sourceFingerprint = fingerprint;
  }
  const depth = inner.get(3);
  if (depth !== undefined) {
    if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0 || depth > 255)
      throw refuse(msg('core.devices:qrPath.depth'));
    path.depth = depth;
  }
  return path;
}
