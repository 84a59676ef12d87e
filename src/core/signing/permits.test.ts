import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import {
  BAYC,
  DAI,
  daiPermit,
  eip2612Permit,
  FEE_RECIPIENT,
  OWNER,
  PERMIT2,
  permit2Batch,
  permit2BatchTransfer,
  permit2Single,
  permit2Transfer,
  permit2WitnessTransfer,
  SPENDER,
  seaportListing,
  UINT160_MAX,
  UINT256_MAX,
  USDC,
} from '@/testing/permitFixtures';
import mail from '@/testing/vectors/eip712/eip712-mail-example.json';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { describeConsequences } from './permits';
import type { PermitDescription, SeaportDescription } from './permitTypes';
import { parseTypedDataJson } from './typedData';

const NOW = 1_700_000_000n;
const DAY = 86_400n;
const soon = (NOW + 7n * DAY).toString();
const far = (NOW + 365n * DAY).toString();

function describe_(typedData: unknown) {
  return describeConsequences(parseTypedDataJson(JSON.stringify(typedData)).typedData, NOW);
}
const permit = (typedData: unknown) => describe_(typedData) as PermitDescription;

const codes = (d: { warnings: { code: string; serious: boolean }[] } | undefined) =>
  d?.warnings.map((w) => `${w.code}${w.serious ? '!' : ''}`);

describe('describeConsequences: EIP-2612 permit', () => {
  it('reads token (the domain contract), spender, owner, amount; the allowance has no end', () => {
    const d = permit(eip2612Permit({ value: '5000000', deadline: soon }));
    expect(d.standard).toBe('EIP-2612 permit');
    expect(d.grants).toEqual([
      {
        kind: 'allowance',
        token: USDC,
        amount: 5_000_000n,
        unlimited: false,
        spender: SPENDER,
        owner: OWNER,
        until: { kind: 'never' },
        signatureUntil: { kind: 'time', at: NOW + 7n * DAY },
        longLived: true,
      },
    ]);
    expect(codes(d)).toEqual(['longLived']);
    expect(d.needsAcknowledgement).toBe(false);
  });

  it('uint256 max is unlimited, warned seriously, and needs acknowledgement', () => {
    const d = permit(eip2612Permit({ value: UINT256_MAX, deadline: soon }));
    expect(d.grants[0]?.unlimited).toBe(true);
    expect(codes(d)).toEqual(['unlimited!', 'longLived!']);
    expect(inWords(d.warnings[0]?.text)).toMatch(/^Unlimited amount/);
    expect(d.needsAcknowledgement).toBe(true);
  });

  it('is not recognised without a verifying contract (no token to name)', () => {
    const data = eip2612Permit({ value: '1', deadline: soon }) as { domain: Record<string, unknown> };
    const { verifyingContract: _, ...domain } = data.domain;
    data.domain = domain;
    const types = (data as unknown as { types: { EIP712Domain: { name: string }[] } }).types;
    types.EIP712Domain = types.EIP712Domain.filter((f) => f.name !== 'verifyingContract');
    expect(describe_(data)).toBeUndefined();
  });
});

describe('describeConsequences: DAI permit', () => {
  it('allowed = true is an unlimited allowance; expiry 0 means the signature never expires', () => {
    const d = permit(daiPermit({ allowed: true, expiry: '0' }));
    expect(d.standard).toBe('DAI permit');
    expect(d.grants[0]).toMatchObject({
      kind: 'allowance',
      token: DAI,
      owner: OWNER,
      unlimited: true,
      amount: 2n ** 256n - 1n,
      signatureUntil: { kind: 'never' },
    });
    expect(codes(d)).toEqual(['unlimited!', 'longLived!']);
    expect(d.needsAcknowledgement).toBe(true);
  });

  it('allowed = false revokes: nothing handed over, nothing warned', () => {
    const d = permit(daiPermit({ allowed: false, expiry: soon }));
    expect(d.grants[0]).toMatchObject({ kind: 'revoke', amount: 0n, unlimited: false, longLived: false });
    expect(d.warnings).toEqual([]);
  });
});

describe('describeConsequences: Permit2 allowances', () => {
  it('PermitSingle with uint160 max and a far expiration: unlimited, long-lived, acknowledgement', () => {
    const d = permit(permit2Single({ amount: UINT160_MAX, expiration: far, sigDeadline: soon }));
    expect(d.standard).toBe('Permit2 allowance');
    expect(d.contract).toBe(PERMIT2_ADDRESS);
    expect(d.grants).toEqual([
      {
        kind: 'allowance',
        token: USDC,
        amount: 2n ** 160n - 1n,
        unlimited: true,
        spender: SPENDER,
        owner: undefined,
        until: { kind: 'time', at: NOW + 365n * DAY },
        signatureUntil: { kind: 'time', at: NOW + 7n * DAY },
        longLived: true,
      },
    ]);
    expect(codes(d)).toEqual(['unlimited!', 'longLived!']);
    expect(d.needsAcknowledgement).toBe(true);
  });

  it('an expiration within 30 days is not long-lived; unlimited alone needs no acknowledgement', () => {
    const d = permit(permit2Single({ amount: UINT160_MAX, expiration: soon, sigDeadline: soon }));
    expect(codes(d)).toEqual(['unlimited!']);
    expect(d.needsAcknowledgement).toBe(false);
  });

  it('expiration 0 lasts only the block it is used in (Permit2 Allowance.sol), so it is not long-lived', () => {
    const d = permit(permit2Single({ amount: '1000000', expiration: '0', sigDeadline: soon }));
    expect(d.grants[0]?.until).toEqual({ kind: 'block' });
    expect(d.warnings).toEqual([]);
  });

  it('uint48 max expiration is past any date: never', () => {
    const d = permit(permit2Single({ amount: '1', expiration: ((1n << 48n) - 1n).toString(), sigDeadline: soon }));
    expect(d.grants[0]?.until).toEqual({ kind: 'never' });
    expect(inWords(d.warnings.find((w) => w.code === 'longLived')?.text)).toBe('This allowance never expires.');
  });

  it('PermitBatch: one grant per token', () => {
    const d = permit(permit2Batch(soon));
    expect(d.grants.map((g) => [g.token, g.amount, g.unlimited])).toEqual([
      [USDC, 1_000_000n, false],
      [DAI, 2n ** 160n - 1n, true],
    ]);
  });

  it('a Permit2 message for another contract is described but flagged as a look-alike', () => {
    const other = '0x000000000022d473030f116ddee9f6b43ac78ba4';
    const d = permit(permit2Single({ amount: '1', expiration: soon, sigDeadline: soon, contract: other }));
    expect(d.standard).toBe('Permit2 allowance');
    expect(codes(d)).toEqual(['notPermit2!']);
    expect(inWords(d.warnings[0]?.text)).toContain(`not Permit2 (${PERMIT2})`);
  });

  it('a Permit2 message under another domain name is flagged too', () => {
    const data = permit2Single({ amount: '1', expiration: soon, sigDeadline: soon });
    data.domain.name = 'Permit2 ';
    expect(codes(permit(data))).toEqual(['notPermit2!']);
  });
});

describe('describeConsequences: Permit2 signature transfers', () => {
  it('PermitTransferFrom: one transfer, until the deadline', () => {
    const d = permit(permit2Transfer(soon));
    expect(d.standard).toBe('Permit2 transfer');
    expect(d.grants).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        token: USDC,
        amount: 250_000_000n,
        spender: SPENDER,
        longLived: false,
      }),
    ]);
    expect(d.warnings).toEqual([]);
  });

  it('a far deadline is long-lived (not serious for a limited amount)', () => {
    expect(codes(permit(permit2Transfer(far)))).toEqual(['longLived']);
  });

  it('PermitBatchTransferFrom: uint256 max counts as unlimited', () => {
    const d = permit(permit2BatchTransfer(far));
    expect(d.grants.map((g) => g.unlimited)).toEqual([false, true]);
    expect(codes(d)).toEqual(['unlimited!', 'longLived!']);
    expect(d.needsAcknowledgement).toBe(true);
  });

  it('PermitWitnessTransferFrom names its witness type', () => {
    const d = permit(permit2WitnessTransfer(soon));
    expect(d.standard).toBe('Permit2 transfer');
    expect(d.witness).toEqual({ field: 'witness', type: 'LimitOrder' });
    expect(d.grants[0]?.spender).toBe('0x6000da47483062A0D734Ba3dc7576Ce6A0B645C4');
  });
});

describe('describeConsequences: Seaport orders', () => {
  it('a listing: the NFT offered, ether back to the signer, the fee to others', () => {
    const d = describe_(seaportListing({ endTime: soon })) as SeaportDescription;
    expect(d.kind).toBe('seaport');
    expect(d.offerer).toBe(OWNER);
    expect(d.offer).toEqual([
      { kind: 'ERC-721', itemType: 2, token: BAYC, identifierOrCriteria: 1234n, startAmount: 1n, endAmount: 1n },
    ]);
    expect(d.toOfferer.map((i) => [i.kind, i.startAmount])).toEqual([['native', 9_750_000_000_000_000_000n]]);
    expect(d.toOthers.map((i) => i.recipient)).toEqual([FEE_RECIPIENT]);
    expect(d.end).toEqual({ kind: 'time', at: NOW + 7n * DAY });
    expect(d.warnings).toEqual([]);
  });

  it('nothing back to the signer is a serious warning', () => {
    expect(codes(describe_(seaportListing({ endTime: soon, payBack: 'none' })) as SeaportDescription)).toEqual([
      'nothingBack!',
    ]);
  });

  it('only zero amounts back is the same warning', () => {
    const d = describe_(seaportListing({ endTime: soon, payBack: 'zero' })) as SeaportDescription;
    expect(codes(d)).toEqual(['nothingBack!']);
    expect(inWords(d.warnings[0]?.text)).toMatch(/amount of zero/);
  });

  it('an order open for a year, or for ever, is long-lived', () => {
    expect(codes(describe_(seaportListing({ endTime: far })) as SeaportDescription)).toEqual(['longLived']);
    const never = describe_(seaportListing({ endTime: UINT256_MAX })) as SeaportDescription;
    expect(never.end).toEqual({ kind: 'never' });
  });

  it('an OrderComponents outside a domain named Seaport is not recognised', () => {
    const data = seaportListing({ endTime: soon });
    data.domain.name = 'Marketplace';
    expect(describe_(data)).toBeUndefined();
  });
});

describe('describeConsequences: look-alikes and plain typed data', () => {
  it('an EIP-2612 permit with one field renamed is not recognised', () => {
    const data = eip2612Permit({ value: UINT256_MAX, deadline: soon });
    data.types.Permit = data.types.Permit.map((f) => (f.name === 'value' ? { ...f, name: 'amount' } : f));
    const message = data.message as Record<string, string>;
    message.amount = message.value as string;
    delete message.value;
    expect(describe_(data)).toBeUndefined();
  });

  it('a PermitSingle whose PermitDetails has a field of another type is not recognised', () => {
    const data = permit2Single({ amount: '1', expiration: soon, sigDeadline: soon });
    data.types.PermitDetails = data.types.PermitDetails.map((f) =>
      f.name === 'amount' ? { ...f, type: 'uint256' } : f,
    );
    expect(describe_(data)).toBeUndefined();
  });

  it('a permit with its fields reordered is not recognised (another type hash)', () => {
    const data = eip2612Permit({ value: '1', deadline: soon });
    data.types.Permit = [...data.types.Permit].reverse();
    expect(describe_(data)).toBeUndefined();
  });

  it('Ether Mail hands over nothing', () => {
    expect(describe_(mail.typedData)).toBeUndefined();
  });
});
