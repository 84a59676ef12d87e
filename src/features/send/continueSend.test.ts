import { parseEther, parseGwei } from 'viem';
import { describe, expect, it } from 'vitest';
import type { FeedAnswer } from '@/core/assets/portfolio';
import { localNetwork } from '@/core/chain/networks';
import { type Message, renderMessage } from '@/core/i18n/message';
import type { KnownRecipient } from '@/core/tx/safety';
import type { Asset } from '@/core/tx/transfer';
import { decimalFormat } from '@/lib/i18n';
import { continueSend, namedRecipients, parseTypedFields } from './continueSend';
import { EMPTY_FORM, type SendForm } from './sendFlowStore';

const alice: KnownRecipient = {
  address: '0x0000000000000000000000000000000000000a11',
  name: 'Alice',
  source: 'contact',
};
const bob: KnownRecipient = {
  address: '0x0000000000000000000000000000000000000b0b',
  name: 'Bob Smith',
  source: 'contact',
};
const unnamed: KnownRecipient = {
  address: '0x0000000000000000000000000000000000000c0c',
  name: undefined,
  source: 'recipient',
};

describe('namedRecipients', () => {
  it('finds a contact by its exact name, ignoring case and outer spaces', () => {
    expect(namedRecipients([alice, bob, unnamed], '  alice ')).toEqual([alice]);
    expect(namedRecipients([alice, bob, unnamed], 'BOB SMITH')).toEqual([bob]);
  });

  it('does not match part of a name, an empty text, or an address', () => {
    expect(namedRecipients([alice, bob], 'Ali')).toEqual([]);
    expect(namedRecipients([alice, bob, unnamed], '   ')).toEqual([]);
    expect(namedRecipients([alice, bob, unnamed], unnamed.address)).toEqual([]);
  });

  it('returns every contact sharing a name, so the form can ask which one', () => {
    const other = { ...alice, address: '0x0000000000000000000000000000000000000a12' as const };
    expect(namedRecipients([alice, other], 'Alice')).toHaveLength(2);
  });

  it('picks visible accounts by name but never a hidden one', () => {
    const savings: KnownRecipient = { ...bob, name: 'Savings', source: 'account' };
    const vault: KnownRecipient = { ...unnamed, name: 'Vault', source: 'hidden-account' };
    expect(namedRecipients([savings, vault], 'savings')).toEqual([savings]);
    expect(namedRecipients([savings, vault], 'Vault')).toEqual([]);
  });
});

describe('the amount and fees typed in the language’s format', () => {
  const network = localNetwork('http://127.0.0.1:8545');
  const eth: Asset = { kind: 'native', symbol: 'ETH', decimals: 18 };
  const german = decimalFormat('de');
  const said = (error: Message | string | undefined) => (error === undefined ? undefined : renderMessage(error));
  const typed = (patch: Partial<SendForm>, format = german, price?: FeedAnswer) =>
    parseTypedFields({ form: { ...EMPTY_FORM, ...patch }, network, asset: eth, price, feeKind: 'eip1559', format });

  it('reads “1.234,5” in German as 1234.5 ETH, exactly in wei', () => {
    const result = typed({ amount: '1.234,5' });
    expect(result.errors).toEqual({});
    expect(result.amount).toBe(parseEther('1234.5'));
    expect(typed({ amount: '0,000000000000000001' }).amount).toBe(1n);
  });

  it('refuses “1,234.5” in German with the amount’s sentence, never guessing', () => {
    const { errors } = typed({ amount: '1,234.5' });
    expect(said(errors.amount)).toBe(
      'A thousands separator (“.”) cannot come after the decimal separator (“,”): write, for example, 1,25.',
    );
    expect(said(typed({ amount: '1.5' }).errors.amount)).toBe('Use “,” for decimals: write 1,5.');
  });

  it('reads US dollars in the same format', () => {
    // 2,000 USD per ETH (8 decimals, as Chainlink feeds give it).
    const price: FeedAnswer = { answer: 2_000n * 10n ** 8n, decimals: 8, updatedAt: 0, roundId: 1n };
    const result = typed({ amount: '1.000,5', unit: 'usd' }, german, price);
    expect(result.errors).toEqual({});
    expect(result.amount).toBe(parseEther('0.50025'));
  });

  it('reads the fees in gwei in German, and refuses a dot as their decimal point', () => {
    const result = typed({ amount: '1', maxFee: '30,5', priorityFee: '1,25' });
    expect(result.errors).toEqual({});
    expect(result.advanced.fees).toEqual({
      kind: 'eip1559',
      maxFeePerGas: parseGwei('30.5'),
      maxPriorityFeePerGas: parseGwei('1.25'),
    });
    const refused = typed({ amount: '1', maxFee: '30', priorityFee: '1.5' });
    expect(said(refused.errors.priorityFee)).toBe('Use “,” for decimals: write 1,5.');
    const legacy = parseTypedFields({
      form: { ...EMPTY_FORM, amount: '1', gasPrice: '2,000000001' },
      network,
      asset: eth,
      price: undefined,
      feeKind: 'legacy',
      format: german,
    });
    expect(legacy.advanced.fees).toEqual({ kind: 'legacy', gasPrice: 2_000_000_001n });
  });

  it('keeps dot decimals by default (English)', () => {
    const result = parseTypedFields({
      form: { ...EMPTY_FORM, amount: '1,234.5', maxFee: '30.5', priorityFee: '1' },
      network,
      asset: eth,
      price: undefined,
      feeKind: 'eip1559',
    });
    expect(result.errors).toEqual({});
    expect(result.amount).toBe(parseEther('1234.5'));
    expect(result.advanced.fees).toMatchObject({ maxFeePerGas: parseGwei('30.5') });
  });

  it('says the refusal from Continue, before any node is asked', async () => {
    const result = await continueSend({
      form: { ...EMPTY_FORM, amount: '1,234.5', recipient: '' },
      network,
      from: undefined,
      asset: eth,
      price: undefined,
      feeKind: 'eip1559',
      known: [],
      suspicious: [],
      acknowledged: false,
      format: german,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(said(result.errors.amount)).toMatch(/^A thousands separator \(“\.”\) cannot come after/);
  });
});
