// What a request for the person says of itself that Cairn checks beyond its shape: the EIP-55
// checksum of each address the site gives, and the chain a transaction names.
import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import { ALICE, BOB, DAI, read, refusal } from '../../testing/personRequestReaders';
import { personRequestOf } from './personRequests';
import type { DappMethod, DappRequest } from './request';

/** Flips the case of the first letter among the hex digits: the checksum no longer holds. */
const miscase = (address: string) =>
  address.replace(
    /^(0x[0-9]*)([a-fA-F])/,
    (_, head: string, letter: string) =>
      head + (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()),
  );

const miscasedIn = (method: DappMethod, params: DappRequest['params']) => {
  const result = personRequestOf({ method, params });
  if (!result.ok) throw new Error(result.error.message);
  return result.miscased;
};

describe('addresses a site gives with a wrong EIP-55 checksum', () => {
  it('are taken, checksummed, and noted with the warning a typed address gets', () => {
    const to = miscase(BOB);
    expect(to).not.toBe(BOB);
    expect(read('eth_sendTransaction', [{ from: ALICE, to }])).toMatchObject({ call: { to: BOB } });
    const miscased = miscasedIn('eth_sendTransaction', [{ from: ALICE, to }]);
    expect(miscased).toEqual([{ address: to, problem: expect.objectContaining({ id: 'core.keys:address.checksum' }) }]);
    expect(inWords(miscased[0]?.problem)).toBe(
      'The capital letters in this address do not match its checksum (EIP-55). It probably has a typo: check it against the source.',
    );
  });

  it('are found wherever a site gives one: signer, sender, recipient, token, every call', () => {
    expect(miscasedIn('personal_sign', ['0x68', miscase(ALICE)]).map((m) => m.address)).toEqual([miscase(ALICE)]);
    expect(miscasedIn('eth_signTypedData_v4', [miscase(ALICE), '{}']).map((m) => m.address)).toEqual([miscase(ALICE)]);
    expect(
      miscasedIn('wallet_watchAsset', { type: 'ERC20', options: { address: miscase(DAI) } }).map((m) => m.address),
    ).toEqual([miscase(DAI)]);
    const batch = { from: miscase(ALICE), calls: [{ to: BOB }, { to: miscase(DAI) }, { to: miscase(BOB) }] };
    // In the order read: the calls, then the sender.
    expect(miscasedIn('wallet_sendCalls', [batch]).map((m) => m.address)).toEqual([
      miscase(DAI),
      miscase(BOB),
      miscase(ALICE),
    ]);
  });

  it('are noted once each, however often and however cased the site gives them', () => {
    // BOB with its last letter's case flipped: another wrong casing of the same address.
    const otherwise = BOB.replace(
      /([a-fA-F])([^a-fA-F]*)$/,
      (_, letter: string, rest: string) =>
        (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()) + rest,
    );
    expect(otherwise.toLowerCase()).toBe(BOB.toLowerCase());
    expect(otherwise).not.toBe(BOB);
    const calls = [{ to: miscase(BOB) }, { to: miscase(BOB) }, { to: otherwise }, { to: miscase(DAI) }];
    expect(miscasedIn('wallet_sendCalls', [{ from: ALICE, calls }]).map((m) => m.address)).toEqual([
      miscase(BOB),
      miscase(DAI),
    ]);
    const tx = [{ from: miscase(ALICE), to: miscase(ALICE) }];
    expect(miscasedIn('eth_sendTransaction', tx).map((m) => m.address)).toEqual([miscase(ALICE)]);
  });

  it('leave addresses alone that are checksummed, or in one case (which carry no checksum)', () => {
    for (const to of [BOB, BOB.toLowerCase(), `0x${BOB.slice(2).toUpperCase()}`])
      expect(miscasedIn('eth_sendTransaction', [{ from: ALICE, to }])).toEqual([]);
  });
});

describe('the chain a transaction names', () => {
  it('is read from its chainId, when it has one', () => {
    expect(read('eth_sendTransaction', [{ from: ALICE, to: BOB, chainId: '0xaa36a7' }])).toMatchObject({
      chainId: 11_155_111,
    });
    expect(read('eth_sendTransaction', [{ from: ALICE, to: BOB }])).toMatchObject({ chainId: undefined });
    refusal('eth_sendTransaction', [{ from: ALICE, to: BOB, chainId: 1 }], 'chainId');
    refusal('eth_sendTransaction', [{ from: ALICE, to: BOB, chainId: '0x0' }], 'chainId');
  });
});
