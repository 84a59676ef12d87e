import { describe, expect, it } from 'vitest';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { renderMessage } from '../i18n/message';
import { knownSpender } from './knownSpenders';

describe('the bundled list of well-known spenders', () => {
  it('names Permit2 on every preset network, and each entry says where its address was published', () => {
    for (const chain of [1, 10, 42161, 8453, 137, 11155111]) {
      expect(knownSpender(chain, PERMIT2_ADDRESS)).toMatchObject({ name: 'Uniswap Permit2' });
      const source = knownSpender(chain, PERMIT2_ADDRESS)?.source;
      expect(source && renderMessage(source)).toMatch(/permit2/i);
    }
  });

  it('finds an address whatever its letter case, only on the chains it was published for', () => {
    expect(knownSpender(1, '0x7a250d5630b4cf539739df2c5dacb4c659f2488d')).toMatchObject({
      name: 'Uniswap V2 Router',
      address: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
    });
    expect(knownSpender(8453, '0x2626664c2603336E57B271c5C0b26F421741e481')?.name).toBe('Uniswap SwapRouter02');
    expect(knownSpender(1, '0x2626664c2603336E57B271c5C0b26F421741e481')).toBeUndefined();
    expect(knownSpender(31337, PERMIT2_ADDRESS)).toBeUndefined();
  });
});
