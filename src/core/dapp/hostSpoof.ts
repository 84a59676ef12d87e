/**
 * When an internationalised host may be shown in its own letters, and when only its ASCII
 * (punycode) form is safe to show large: a subset of the rules Chromium follows before it shows
 * a host in Unicode in the address bar (its IDN spoof checker), with no table bigger than the
 * few look-alike letters below. Each label of the host is judged; one unsafe label makes the
 * whole host unsafe.
 *
 * - Every letter must belong to a script recommended for identifiers (Unicode UTS #31, table 5);
 *   digits 0-9 and the hyphen are the only other characters allowed. Symbols, invisible
 *   characters and letters of scripts outside that list (Cherokee has Latin look-alikes) fail.
 * - Latin letters that UTS #39 does not allow in identifiers fail too, though they are Latin:
 *   phonetic letters, small capitals and modifier letters (ɑ ɡ ᴘ ʟ ꜱ) and ĸ ſ, which pass for
 *   plain ones in the same script (pɑypal.com, gooɡle.com) and which Chromium shows in punycode.
 * - Latin letters UTS #39 allows that still pass for a plain one (the dotless ı of Turkish and
 *   Azerbaijani) fail only where the label, each such letter read as its look-alike, is plain
 *   ASCII (wıki.com passes for wiki.com); beside other letters of their language (ışık.com) they
 *   are words, shown as written.
 * - A label must be written in one script (UTS #39's "highly restrictive" level): Latin mixed with
 *   Cyrillic or Greek fails; Latin with the scripts of Japanese, Chinese or Korean is allowed.
 * - A label written only in Cyrillic, Greek or Armenian letters that pass for Latin ones (аррӏе)
 *   fails, unless the top-level domain is one of that script's own.
 * Chromium also compares each host's look-alike skeleton with a list of popular domains; Cairn
 * carries no such list, so a host in plain Latin letters with accents is shown as it is, with the
 * warning every international host gets.
 */

/** Why a host is shown in ASCII: its letters could make it pass for another. */
export type HostSpoofRisk = 'character' | 'mixedScripts' | 'latinLookalike';

/** UTS #31's recommended scripts (the ones people write domain names in). */
const SCRIPTS = [
  'Arabic',
  'Armenian',
  'Bengali',
  'Bopomofo',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hebrew',
  'Hiragana',
  'Kannada',
  'Katakana',
  'Khmer',
  'Lao',
  'Latin',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
] as const;

type Script = (typeof SCRIPTS)[number];

const SCRIPT_PATTERNS = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script_Extensions=${script}}`, 'u')] as const);

/** Scripts a label may mix, as Japanese, Chinese and Korean are written. */
const MIXES: readonly (readonly Script[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** Lower-case letters of a script that can pass for Latin ones, and the top-level domains of that script's countries. */
const LATIN_LOOKALIKES: Partial<Record<Script, { letters: string; tlds: readonly string[] }>> = {
  Cyrillic: {
    letters: 'аысԁеԍһіюјӏорԛѕԝхуъьҽпгѵѡк',
    tlds: ['bg', 'by', 'kg', 'kz', 'mk', 'mn', 'rs', 'ru', 'su', 'tj', 'ua', 'uz'],
  },
  Greek: { letters: 'αικνορυωχγηϲτε', tlds: ['gr', 'cy'] },
  Armenian: { letters: 'աբգզէհյոսւօցլ', tlds: ['am'] },
};

const NEUTRAL = /^[0-9-]$/;

/**
 * Latin letters outside UTS #39's identifier profile that pass for plain ones: IPA Extensions,
 * Spacing Modifier Letters, Phonetic Extensions (and their supplement), Latin Extended-D and -E,
 * kra ĸ and long ſ.
 */
const LATIN_NOT_ALLOWED = /[\u0250-\u02FF\u1D00-\u1DBF\uA720-\uA7FF\uAB30-\uAB6F\u0138\u017F]/u;

/** Latin letters UTS #39 allows that pass for a plain ASCII one, and that letter. */
const ALLOWED_LOOKALIKES: Readonly<Record<string, string>> = { ı: 'i' };

/** Whether `label`, with every allowed look-alike read as the plain letter it passes for, is plain ASCII while it was not. */
function passesForAscii(label: string): boolean {
  const read = [...label].map((char) => ALLOWED_LOOKALIKES[char] ?? char).join('');
  return read !== label && /^[a-z0-9-]+$/.test(read);
}

/** The recommended scripts `char` is used in; empty for any other character. */
function scriptsOf(char: string): Script[] {
  return SCRIPT_PATTERNS.filter(([, pattern]) => pattern.test(char)).map(([script]) => script);
}

/** The risk of showing one label in its own letters, given the host's top-level domain (in Unicode). */
function labelRisk(label: string, tld: string): HostSpoofRisk | undefined {
  let common: Script[] | undefined;
  const used = new Set<Script>();
  for (const char of label) {
    if (NEUTRAL.test(char)) continue;
    const scripts = scriptsOf(char);
    if (scripts.length === 0 || LATIN_NOT_ALLOWED.test(char)) return 'character';
    for (const script of scripts) used.add(script);
    common = common === undefined ? scripts : common.filter((s) => scripts.includes(s));
  }
  if (common === undefined) return undefined;
  if (passesForAscii(label)) return 'latinLookalike';
  if (common.length === 0) {
    return MIXES.some((mix) => [...used].every((s) => mix.includes(s))) ? undefined : 'mixedScripts';
  }
  for (const script of common) {
    const lookalikes = LATIN_LOOKALIKES[script];
    if (!lookalikes) continue;
    const allLookalike = [...label].every((char) => NEUTRAL.test(char) || lookalikes.letters.includes(char));
    const ownTld = lookalikes.tlds.includes(tld) || [...tld].every((char) => scriptsOf(char).includes(script));
    if (allLookalike && !ownTld) return 'latinLookalike';
  }
  return undefined;
}

/**
 * Whether `unicodeHost` (a host in its own letters, lower case, as punycode's toUnicode gives it)
 * could pass for another host: the first risk found, or undefined when it may be shown as it is.
 */
export function hostSpoofRisk(unicodeHost: string): HostSpoofRisk | undefined {
  const labels = unicodeHost.split('.');
  const tld = labels.at(-1) ?? '';
  for (const label of labels) {
    const risk = labelRisk(label, tld);
    if (risk) return risk;
  }
  return undefined;
}
