import { parseEther, parseGwei } from 'viem';
import { describe, expect, it } from 'vitest';
import { renderMessage } from '@/core/i18n/message';
import type { OfflineTx } from '@/core/offline/offlineTx';
import { parseUnsignedFile, serializeUnsignedFile } from '@/core/offline/unsignedFile';
import { buildUnsignedTx } from '@/core/offline/unsignedTx';
import { decimalFormat } from '@/lib/i18n';
import { formOf } from './offlineForm';

const from = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const tx: OfflineTx = {
  type: 'eip1559',
  chainId: 1,
  nonce: 7,
  to: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  value: parseEther('0.5'),
  gas: 21_000n,
  data: '0x',
  maxFeePerGas: parseGwei('30.000000001'),
  maxPriorityFeePerGas: parseGwei('1.5'),
  accessList: [],
};
/** The file as an online Cairn writes it: base units (wei), in any language. */
const file = serializeUnsignedFile(tx, { from });

describe('the offline form and the unsigned file', () => {
  it('shows a file’s amounts as typed in German, and saves them back to the same file', () => {
    const form = formOf(parseUnsignedFile(file).tx, 'de');
    expect(form).toMatchObject({ value: '0,5', maxFeePerGas: '30,000000001', maxPriorityFeePerGas: '1,5' });
    const built = buildUnsignedTx(form, 'ETH', decimalFormat('de'));
    expect(built).toEqual({ ok: true, tx });
    if (!built.ok) return;
    const saved = serializeUnsignedFile(built.tx, { from });
    expect(saved).toBe(file);
    expect(JSON.parse(saved)).toMatchObject({ value: '500000000000000000', maxPriorityFeePerGas: '1500000000' });
  });

  it('keeps English as it was: dot decimals both ways', () => {
    const form = formOf(parseUnsignedFile(file).tx, 'en');
    expect(form).toMatchObject({ value: '0.5', maxFeePerGas: '30.000000001', maxPriorityFeePerGas: '1.5' });
    const built = buildUnsignedTx(form, 'ETH');
    expect(built.ok && serializeUnsignedFile(built.tx, { from })).toBe(file);
  });

  it('refuses dot decimals typed in German, with the amount’s sentence', () => {
    const form = { ...formOf(tx, 'de'), value: '0.5', maxPriorityFeePerGas: '1.5' };
    const built = buildUnsignedTx(form, 'ETH', decimalFormat('de'));
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(renderMessage(built.errors.value ?? '')).toBe('Use “,” for decimals: write 0,5.');
    expect(renderMessage(built.errors.maxPriorityFeePerGas ?? '')).toBe('Use “,” for decimals: write 1,5.');
  });
});
