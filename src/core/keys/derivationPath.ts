import { KeyError } from '../errors/keys';
import { codeValue, type Message, msg } from '../i18n/message';

export type PathPresetId = 'bip44' | 'ledger-live' | 'ledger-legacy';

/** A derivation path template: "{i}" marks where the account index goes. */
export type PathPreset = { id: PathPresetId; label: Message; template: string; usedBy: Message };

export const PATH_PRESETS: readonly PathPreset[] = [
  {
    id: 'bip44',
    label: msg('core.keys:path.preset.bip44.label'),
    template: "m/44'/60'/0'/0/{i}",
    usedBy: msg('core.keys:path.preset.bip44.usedBy'),
  },
  {
    id: 'ledger-live',
    label: msg('core.keys:path.preset.ledgerLive.label'),
    template: "m/44'/60'/{i}'/0/0",
    usedBy: msg('core.keys:path.preset.ledgerLive.usedBy'),
  },
  {
    id: 'ledger-legacy',
    label: msg('core.keys:path.preset.ledgerLegacy.label'),
    template: "m/44'/60'/0'/{i}",
    usedBy: msg('core.keys:path.preset.ledgerLegacy.usedBy'),
  },
];

export const DEFAULT_PATH_TEMPLATE = "m/44'/60'/0'/0/{i}";

const HARDENED_LIMIT = 2 ** 31;
const MAX_DEPTH = 10;

function invalid(reason: Message): never {
  throw new KeyError('KEYS_PATH_INVALID', reason);
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
  if (trimmed.length === 0) invalid(msg('core.keys:path.invalid.empty', { example: codeValue("m/44'/60'/0'/0") }));
  if (!/^[mM]\//.test(trimmed) && trimmed !== 'm') invalid(msg('core.keys:path.invalid.start'));
  const segments = trimmed.split('/').slice(1);
  if (segments.length === 0) invalid(msg('core.keys:path.invalid.noLevels'));
  if (segments.length > MAX_DEPTH) {
    invalid(msg('core.keys:path.invalid.tooDeep', { levels: segments.length, max: MAX_DEPTH }));
  }
  let indexSegments = 0;
  const normalized = segments.map((segment, i) => {
    const level = i + 1;
    if (segment.length === 0) invalid(msg('core.keys:path.invalid.emptyLevel', { level }));
    const hardened = /['hH]$/.test(segment);
    const body = hardened ? segment.slice(0, -1) : segment;
    if (/^(\{i\}|i|x)$/i.test(body)) {
      indexSegments++;
      return `{i}${hardened ? "'" : ''}`;
    }
    const shown = codeValue(segment);
    if (!/^\d+$/.test(body)) invalid(msg('core.keys:path.invalid.notNumber', { level, segment: shown }));
    if (body.length > 1 && body.startsWith('0')) {
      invalid(msg('core.keys:path.invalid.leadingZero', { level, segment: shown }));
    }
    if (Number(body) >= HARDENED_LIMIT) invalid(msg('core.keys:path.invalid.tooLarge', { level, segment: shown }));
    return `${Number(body)}${hardened ? "'" : ''}`;
  });
  if (indexSegments > 1) invalid(msg('core.keys:path.invalid.twoIndexes'));
  if (indexSegments === 0) {
    if (normalized.length >= MAX_DEPTH) invalid(msg('core.keys:path.invalid.indexTooDeep', { max: MAX_DEPTH }));
    normalized.push('{i}');
  }
  return ['m', ...normalized].join('/');
}

/** The path of account `index` (0-based) under a template. */
export function pathForIndex(template: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED_LIMIT) {
    throw new KeyError('KEYS_PATH_INVALID', msg('core.keys:path.indexRange', { index }));
  }
  return template.replace('{i}', String(index));
}

/** The preset a template corresponds to, if any. */
export function presetOf(template: string): PathPreset | undefined {
  return PATH_PRESETS.find((p) => p.template === template);
}
