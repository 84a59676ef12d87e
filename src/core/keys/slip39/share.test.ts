import { sha256 } from '@noble/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { ShareError, ShareOtherSetError, ShareRepeatedError, ShareUnknownWordError } from '@/core/errors/shares';
import vectors from '@/testing/vectors/slip39/vectors.json';
import { hexOf } from '../../bytes';
import { addShare, recoveryProgress } from './recovery';
import { parseShare, type Share, shareToMnemonic, shareWordCount } from './share';
import { splitMasterSecret } from './slip39';
import { SLIP39_WORDS } from './wordlist';

type Vector = [description: string, mnemonics: string[], masterSecret: string, xprv: string];
const all = vectors as Vector[];
const mnemonicsOf = (number: number) => (all.find(([d]) => d.startsWith(`${number}. `)) as Vector)[1];
/** Vector 17: five shares, from two groups, that restore the secret only together. */
const grouped = mnemonicsOf(17);
const basic = mnemonicsOf(4);
const single = mnemonicsOf(1)[0] ?? '';

function refusal(run: () => unknown): ShareError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ShareError);
    return error as ShareError;
  }
  throw new Error('not refused');
}

describe('the SLIP-0039 wordlist', () => {
  it('has 1024 sorted words of 4 to 8 letters, unique in their first four', () => {
    expect(SLIP39_WORDS).toHaveLength(1024);
    expect([...SLIP39_WORDS].sort()).toEqual(SLIP39_WORDS);
    expect(SLIP39_WORDS.every((w) => /^[a-z]{4,8}$/.test(w))).toBe(true);
    expect(new Set(SLIP39_WORDS.map((w) => w.slice(0, 4))).size).toBe(1024);
    expect([SLIP39_WORDS[0], SLIP39_WORDS[1023]]).toEqual(['academic', 'zero']);
    // The hash of the upstream file (one word a line) recorded in wordlist.ts.
    const file = new TextEncoder().encode(`${SLIP39_WORDS.join('\n')}\n`);
    expect(hexOf(sha256(file))).toBe('bcc4555340332d169718aed8bf31dd9d5248cb7da6e5d355140ef4f1e601eec3');
  });
});

describe('reading a share', () => {
  it('gives its identifier, group and member numbers, and writes back the same words', () => {
    const share = parseShare(basic[0] ?? '');
    expect(share).toMatchObject({
      groupIndex: 0,
      groupThreshold: 1,
      groupCount: 1,
      memberThreshold: 2,
      extendable: false,
      iterationExponent: 2,
    });
    expect(share.value).toHaveLength(16);
    expect(shareToMnemonic(share)).toBe(basic[0]);
    const second = parseShare(basic[1] ?? '');
    expect(second.identifier).toBe(share.identifier);
    expect(second.memberIndex).not.toBe(share.memberIndex);
    expect(shareWordCount(16)).toBe(20);
    expect(shareWordCount(32)).toBe(33);
  });

  it('reads the extendable flag', () => {
    expect(parseShare(mnemonicsOf(42)[0] ?? '').extendable).toBe(true);
    expect(parseShare(single).extendable).toBe(false);
  });

  it('takes pasted text with capitals, tabs and line breaks', () => {
    const messy = `  ${single.toUpperCase().replace(/ /g, '\n\t ')}  `;
    expect(shareToMnemonic(parseShare(messy))).toBe(single);
  });

  it('names an unknown word by position, with the words it may have been', () => {
    const words = single.split(' ');
    words[5] = 'resul';
    const error = refusal(() => parseShare(words.join(' ')));
    expect(error).toBeInstanceOf(ShareUnknownWordError);
    expect((error as ShareUnknownWordError).position).toBe(6);
    expect((error as ShareUnknownWordError).suggestions).toContain('result');
    expect(error.message).toBe('Word 6 is not a share word. Did you mean “result”?');
  });

  it('refuses nothing, too few words and a word count no share has', () => {
    expect(refusal(() => parseShare('  ')).code).toBe('KEYS_SHARE_EMPTY');
    const words = single.split(' ');
    const short = refusal(() => parseShare(words.slice(0, 19).join(' ')));
    expect(short.code).toBe('KEYS_SHARE_WORD_COUNT');
    expect(short.message).toContain('19 words');
    // 22 words hold a 144-bit value and 6 padding bits: a length shares can have. 24 cannot (10 bits).
    expect(refusal(() => parseShare([...words, 'academic', 'academic'].join(' '))).code).toBe('KEYS_SHARE_CHECKSUM');
    expect(refusal(() => parseShare([...words, ...words.slice(0, 4)].join(' '))).code).toBe('KEYS_SHARE_WORD_COUNT');
  });

  it('refuses, with a valid checksum, a share in a group past the last', () => {
    const share = parseShare(basic[0] ?? '');
    const past = shareToMnemonic({ ...share, groupIndex: 1, groupCount: 1 });
    const error = refusal(() => parseShare(past));
    expect(error.code).toBe('KEYS_SHARE_THRESHOLD');
    expect(error.message).toBe(
      'This share says it is in group 2 of 1, which cannot be: it is damaged, or it was not made as a SLIP-0039 share.',
    );
  });

  it('catches any one word changed, or two words swapped, by the checksum', () => {
    const words = single.split(' ');
    for (let i = 0; i < words.length; i++) {
      const changed = [...words];
      changed[i] = SLIP39_WORDS[(SLIP39_WORDS.indexOf(words[i] ?? '') + 1) % 1024] ?? '';
      expect(refusal(() => parseShare(changed.join(' '))).code, `word ${i + 1}`).toBe('KEYS_SHARE_CHECKSUM');
    }
    const swapped = [words[1], words[0], ...words.slice(2)].join(' ');
    expect(refusal(() => parseShare(swapped)).code).toBe('KEYS_SHARE_CHECKSUM');
  });

  it("never repeats a share's words in a refusal", () => {
    for (const [, mnemonics, secret] of all) {
      if (secret !== '') continue;
      for (const mnemonic of mnemonics) {
        const pairs = mnemonic
          .split(' ')
          .slice(1)
          .map((w, i) => `${mnemonic.split(' ')[i]} ${w}`);
        for (const text of [mnemonic, `${mnemonic} extra`]) {
          try {
            parseShare(text);
          } catch (error) {
            const said = `${(error as ShareError).message} ${(error as ShareError).details ?? ''}`;
            expect(pairs.some((pair) => said.includes(pair))).toBe(false);
          }
        }
      }
    }
  });
});

describe('restoring one share at a time', () => {
  const shares = grouped.map(parseShare);

  it('says how many more shares each group needs after each share', () => {
    let entered: Share[] = [];
    const steps = shares.map((share) => {
      entered = addShare(entered, share);
      return recoveryProgress(entered);
    });
    expect(recoveryProgress([])).toBeUndefined();
    const first = steps[0];
    expect(first?.groupThreshold).toBe(shares[0]?.groupThreshold);
    expect(first?.groups).toHaveLength(shares[0]?.groupCount ?? 0);
    expect(first?.complete).toBe(false);
    const started = first?.groups.find((g) => g.entered === 1);
    expect(started?.missing).toBe((started?.threshold ?? 0) - 1);
    expect(first?.groups.filter((g) => g.entered === 0).every((g) => g.missing === undefined)).toBe(true);
    expect(steps.at(-1)?.complete).toBe(true);
    expect(steps.at(-1)?.groupsMissing).toBe(0);
    expect(steps.slice(0, -1).every((s) => !s?.complete)).toBe(true);
  });

  it('refuses at once a share of another set, naming the difference, and a share given twice', () => {
    const entered = addShare([], parseShare(basic[0] ?? ''));
    const other = refusal(() => addShare(entered, parseShare(single)));
    expect(other).toBeInstanceOf(ShareOtherSetError);
    expect((other as ShareOtherSetError).mismatch).toBe('identifier');
    expect(other.message).toContain('first two words differ');
    const again = refusal(() => addShare(entered, parseShare(basic[0] ?? '')));
    expect(again).toBeInstanceOf(ShareRepeatedError);
    expect(again.code).toBe('KEYS_SHARE_REPEATED');
    expect(recoveryProgress(entered)?.groups[0]).toEqual({ groupIndex: 0, entered: 1, threshold: 2, missing: 1 });
  });
});

describe('splitting a master secret', () => {
  const masterSecret = new Uint8Array(32).fill(1);
  const random = (length: number) => new Uint8Array(length).fill(9);
  const split = (overrides: Partial<Parameters<typeof splitMasterSecret>[0]>) =>
    splitMasterSecret({ masterSecret, groupThreshold: 1, groups: [{ threshold: 2, count: 3 }], random, ...overrides });

  it('makes 33-word shares for a 256-bit secret, extendable by default, one list per group', async () => {
    const sets = await split({
      groupThreshold: 2,
      groups: [
        { threshold: 2, count: 3 },
        { threshold: 1, count: 1 },
      ],
    });
    expect(sets.map((s) => s.length)).toEqual([3, 1]);
    const share = parseShare(sets[0]?.[0] ?? '');
    expect(sets[0]?.[0]?.split(' ')).toHaveLength(33);
    expect(share).toMatchObject({ extendable: true, iterationExponent: 1, groupThreshold: 2, groupCount: 2 });
    expect(share.identifier).toBe(0x0909 & 0x7fff);
  });

  it('refuses a passphrase that is not printable ASCII, and schemes SLIP-0039 does not allow', async () => {
    await expect(split({ passphrase: 'grüße' })).rejects.toMatchObject({ code: 'KEYS_SHARE_PASSPHRASE' });
    await expect(split({ passphrase: 'tab\there' })).rejects.toMatchObject({ code: 'KEYS_SHARE_PASSPHRASE' });
    await expect(split({ groups: [{ threshold: 1, count: 2 }] })).rejects.toThrow(RangeError);
    await expect(split({ groups: [{ threshold: 3, count: 2 }] })).rejects.toThrow(RangeError);
    await expect(split({ groups: [{ threshold: 2, count: 17 }] })).rejects.toThrow(RangeError);
    await expect(split({ groupThreshold: 2 })).rejects.toThrow(RangeError);
    await expect(split({ masterSecret: new Uint8Array(15) })).rejects.toThrow(RangeError);
    await expect(split({ masterSecret: new Uint8Array(17) })).rejects.toThrow(RangeError);
    await expect(split({ iterationExponent: 16 })).rejects.toThrow(RangeError);
  });
});
