import { KeyError } from '../errors/keys';

export type PathPresetId = 'bip44' | 'ledger-live' | 'ledger-legacy';

/** A derivation path template: "{i}" marks where the account index goes. */
export type PathPreset = { id: PathPresetId; label: string; template: string; usedBy: string };

export const PATH_PRESETS: readonly PathPreset[] = [
  { id: 'bip44', label: 'Standard (BIP44)', template: "m/44'/60'/0'/0/{i}", usedBy: 'MetaMask, Rabby, Trezor' },
  { id: 'ledger-live', label: 'Ledger Live', template: "m/44'/60'/{i}'/0/0", usedBy: 'Ledger Live' },
  {
    id: 'ledger-legacy',
    label: 'Ledger legacy',
    template: "m/44'/60'/0'/{i}",
    usedBy: 'Ledger Chrome app, MEW, MyCrypto',
  },
];

export const DEFAULT_PATH_TEMPLATE = "m/44'/60'/0'/0/{i}";

const HARDENED_LIMIT = 2 ** 31;
const MAX_DEPTH = 10;

function invalid(reason: string): never {
  throw new KeyError('KEYS_PATH_INVALID', `This derivation path is not valid: ${reason}`);
}

/**
 * Checks a custom derivation path and returns it as a template. The account index may be
 * marked with `i`, `{i}` or `x` in one segment (e.g. m/44'/60'/i'/0/0); without a marker the
 * index is appended as the last segment (m/44'/60'/0'/0 → m/44'/60'/0'/0/{i}). Hardened
 * segments may end with ', h or H.
 *
 * Throws KEYS_PATH_INVALID naming the faulty segment.
 */
export function parsePathTemplate(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (trimmed.length === 0) invalid("enter a path such as m/44'/60'/0'/0.");
  if (!/^[mM]\//.test(trimmed) && trimmed !== 'm') invalid('it must start with m/');
  const segments = trimmed.split('/').slice(1);
  if (segments.length === 0) invalid('it needs at least one level after m.');
  if (segments.length > MAX_DEPTH) invalid(`it has ${segments.length} levels; at most ${MAX_DEPTH} are allowed.`);
  let indexSegments = 0;
  const normalized = segments.map((segment, i) => {
    const position = `level ${i + 1} (“${segment}”)`;
    if (segment.length === 0) invalid(`level ${i + 1} is empty.`);
    const hardened = /['hH]$/.test(segment);
    const body = hardened ? segment.slice(0, -1) : segment;
    if (/^(\{i\}|i|x)$/i.test(body)) {
      indexSegments++;
      return `{i}${hardened ? "'" : ''}`;
    }
    if (!/^\d+$/.test(body)) invalid(`${position} is not a number.`);
    if (body.length > 1 && body.startsWith('0')) invalid(`${position} has a leading zero.`);
    if (Number(body) >= HARDENED_LIMIT) invalid(`${position} is too large (the largest is 2147483647).`);
    return `${Number(body)}${hardened ? "'" : ''}`;
  });
  if (indexSegments > 1) invalid('only one level can be the account index.');
  if (indexSegments === 0) {
    if (normalized.length >= MAX_DEPTH)
      invalid(`adding the account index would make it deeper than ${MAX_DEPTH} levels.`);
    normalized.push('{i}');
  }
  return ['m', ...normalized].join('/');
}

/** The path of account `index` (0-based) under a template. */
export function pathForIndex(template: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED_LIMIT) {
    throw new KeyError('KEYS_PATH_INVALID', `Account index ${index} is out of range.`);
  }
  return template.replace('{i}', String(index));
}

/** The preset a template corresponds to, if any. */
export function presetOf(template: string): PathPreset | undefined {
  return PATH_PRESETS.find((p) => p.template === template);
}
