import { describe, expect, it } from 'vitest';
import { theirWords } from '@/core/errors/theirWords';
import { msg } from '@/core/i18n/message';
import type { TxRecord } from '@/core/tx/record';
import { inLanguage, inWords } from '@/testing/inWords';
import { translate } from '.';
import { changeNotice, describeRecord as describeMessage, STATUS_WORDS } from './txWording';

/** The description as an English reader sees it. */
const describeRecord = (record: TxRecord) => inWords(describeMessage(record));
const noticeText = (...args: Parameters<typeof changeNotice>) => {
  const notice = changeNotice(...args);
  return notice && { tone: notice.tone, text: inWords(notice.text) };
};

const base = {
  kind: 'transfer',
  nonce: 4,
  to: '0x00000000000000000000000000000000000000bb',
  intent: {
    asset: { kind: 'token', address: '0x00000000000000000000000000000000000000cc', symbol: 'USDC', decimals: 6 },
    amount: 1_500_000n,
    recipient: '0x1234567890abcdef1234567890abcdef1234abcd',
  },
  blockNumber: 12n,
} as unknown as TxRecord;

describe('transaction wording', () => {
  it('describes transfers, replacements, cancellations and gap fillers', () => {
    expect(describeRecord(base)).toBe('1.5 USDC to 0x1234…abcd');
    expect(describeRecord({ ...base, kind: 'speed-up' })).toBe('1.5 USDC to 0x1234…abcd (sped up)');
    expect(describeRecord({ ...base, kind: 'cancel' })).toBe('Cancellation of nonce 4');
    expect(describeRecord({ ...base, kind: 'fill-gap' })).toBe('Gap filler for nonce 4');
  });

  it('describes a call, and a contract creation (no recipient)', () => {
    const call = { ...base, kind: 'call', intent: undefined } as TxRecord;
    expect(describeRecord(call)).toBe('Call to 0x0000…00bb');
    expect(describeRecord({ ...call, to: undefined })).toBe('Contract creation');
    expect(describeRecord({ ...call, to: undefined, kind: 'speed-up' })).toBe('Contract creation (sped up)');
  });

  it('writes a token symbol’s hidden and direction-changing characters as codes', () => {
    const asset = { ...base.intent?.asset, symbol: 'US\u202eTD\u200d' };
    const tricked = { ...base, intent: { ...base.intent, asset } } as TxRecord;
    expect(describeRecord(tricked)).toBe('1.5 US\\u{202E}TD\\u{200D} to 0x1234…abcd');
  });

  it('notices confirmations and failures (one final period), and nothing for other changes', () => {
    expect(noticeText({ record: { ...base, status: 'confirmed' }, previous: 'pending' })).toEqual({
      tone: 'success',
      text: '1.5 USDC to 0x1234…abcd: confirmed in block 12.',
    });
    expect(
      noticeText({ record: { ...base, status: 'failed', failureReason: 'It ran out of gas.' }, previous: 'pending' })
        ?.text,
    ).toBe('1.5 USDC to 0x1234…abcd: failed — It ran out of gas.');
    expect(
      noticeText({ record: { ...base, status: 'failed', failureReason: 'ERC20: paused' }, previous: 'pending' })?.text,
    ).toBe('1.5 USDC to 0x1234…abcd: failed — ERC20: paused.');
    expect(noticeText({ record: { ...base, status: 'failed' }, previous: 'pending' })?.text).toBe(
      '1.5 USDC to 0x1234…abcd: failed — reverted.',
    );
    expect(noticeText({ record: { ...base, status: 'dropped' }, previous: 'pending' })?.text).toBe(
      '1.5 USDC to 0x1234…abcd: dropped — another transaction used nonce 4.',
    );
    expect(changeNotice({ record: { ...base, status: 'pending' }, previous: 'signed' })).toBeUndefined();
  });

  it('keeps a failure reason that is a Message as a Message, worded in the language the notice is read in', async () => {
    const outOfGas = {
      ...base,
      status: 'failed',
      failureReason: msg('core.chain:tx.failure.outOfGas', { gas: 21_000n }),
    };
    const notice = changeNotice({ record: outOfGas as TxRecord, previous: 'pending' });
    expect(notice?.text.values?.reason).toEqual(outOfGas.failureReason);
    expect(inWords(notice?.text)).toBe(
      '1.5 USDC to 0x1234…abcd: failed — It ran out of gas: all 21,000 gas of its limit was used.',
    );
    expect(await inLanguage('de', () => inWords(notice?.text))).toBe(
      '1,5 USDC an 0x1234…abcd: fehlgeschlagen – Das Gas reichte nicht: Das gesamte Gaslimit von 21.000 wurde verbraucht.',
    );
    // A contract's words quoted, and Cairn's reading of a panic: one final period as well.
    const said = { ...base, status: 'failed', failureReason: theirWords('Ownable: caller is not the owner.') };
    expect(inWords(changeNotice({ record: said as TxRecord, previous: 'pending' })?.text)).toBe(
      '1.5 USDC to 0x1234…abcd: failed — Ownable: caller is not the owner.',
    );
    const panic = {
      ...base,
      status: 'failed',
      failureReason: msg('core.contracts:revert.panic', { meaning: msg('core.contracts:panic.overflow') }),
    };
    expect(inWords(changeNotice({ record: panic as TxRecord, previous: 'pending' })?.text)).toBe(
      '1.5 USDC to 0x1234…abcd: failed — panic: arithmetic overflow or underflow.',
    );
  });

  it('words Cairn’s own failure reasons as sentences with their own full stop, in every language', async () => {
    const reasons = [msg('core.chain:tx.failure.outOfGas', { gas: 1 }), msg('core.chain:tx.failure.unreported')];
    for (const locale of ['en', 'de', 'es'] as const)
      for (const reason of reasons) expect(await inLanguage(locale, () => inWords(reason))).toMatch(/\.$/);
  });

  it('names every status by message', () => {
    expect(translate(msg(STATUS_WORDS.signed))).toBe('Signed, not yet accepted by the node');
    expect(translate(msg(STATUS_WORDS.rejected))).toBe('Refused by the node');
  });
});
