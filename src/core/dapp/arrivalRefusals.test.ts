// A request that arrives while the connector has the site on a chain Cairn does not is refused
// when the method table pins it to the site's network, and only then.
import { describe, expect, it } from 'vitest';
import { arrivalRefusal } from './arrivalRefusals';
import { METHOD_TABLE } from './methodTable';
import type { PersonRequest } from './personRequests';
import type { SitePermission } from './sites';

const ME = '0x00000000000000000000000000000000000000a1';
const site = { accounts: [ME] } as unknown as SitePermission;
const stranded = { site, siteChain: '0x1', strandedOn: '0x5', waiting: [] } as const;

const addChain = {
  method: 'wallet_addEthereumChain',
  chain: { chainId: 7 },
} as unknown as PersonRequest;
const sign = { method: 'personal_sign', account: ME, message: '0x68' } as unknown as PersonRequest;

describe('arrivalRefusal on a stranded site', () => {
  it('refuses a request the table pins (4901), and lets one it does not pin wait', () => {
    expect(arrivalRefusal(sign, stranded)).toMatchObject({ code: 4901 });
    expect(arrivalRefusal(addChain, stranded)).toBeUndefined();
  });

  it('follows the table: a method it marks pinned is refused, one it stops pinning waits', () => {
    const entries = [METHOD_TABLE.wallet_addEthereumChain, METHOD_TABLE.personal_sign];
    try {
      for (const entry of entries) entry.pinned = !entry.pinned;
      expect(arrivalRefusal(addChain, stranded)).toMatchObject({ code: 4901 });
      expect(arrivalRefusal(sign, stranded)).toBeUndefined();
    } finally {
      for (const entry of entries) entry.pinned = !entry.pinned;
    }
  });
});
