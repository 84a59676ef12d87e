import { describe, expect, it } from 'vitest';
import { RevertedError } from '../errors/chain';
import { InputError } from '../errors/input';
import { msg } from '../i18n/message';
import { asBatchError } from './batchErrors';

const payer = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('asBatchError', () => {
  it('says a revert fails the whole batch, with the reason', () => {
    const error = asBatchError(new RevertedError({ reason: 'ERC20: transfer amount exceeds balance' }), undefined);
    expect(error).toMatchObject({ code: 'SMART_BATCH_REVERTS' });
    expect(String((error as Error).message)).toContain('ERC20: transfer amount exceeds balance');
  });

  it('says the paying account lacks gas only when another account pays', () => {
    const short = new InputError('INPUT_AMOUNT', msg('core.chain:tx.amount.forFee', { symbol: 'ETH' }));
    expect(asBatchError(short, payer)).toMatchObject({ code: 'SMART_PAYER_FUNDS' });
    expect((asBatchError(short, payer) as Error).message).toContain(payer);
    expect(asBatchError(short, undefined)).toBe(short);
  });
});
