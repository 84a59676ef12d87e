import { type Address, getAddress, maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { eventLog } from '../../testing/eventLog';
import type { RawLog } from '../contracts/decode/logs';
import { theirWords } from '../errors/theirWords';
import { logChanges } from './changes';
import { balanceKey, describeEffects, type EffectFacts, factsNeeded, receiverKey } from './effects';
import type { NativeTransfer, SimulationOutcome, SimulationResult } from './types';

const me = getAddress('0xa11ce00000000000000000000000000000000001');
const other = getAddress('0xa11ce00000000000000000000000000000000002');
const bob = getAddress('0xb0b0000000000000000000000000000000000002');
const token = getAddress('0x1000000000000000000000000000000000000001');
const nft = getAddress('0x2000000000000000000000000000000000000002');
const spender = getAddress('0x3000000000000000000000000000000000000003');
const vault = getAddress('0x4000000000000000000000000000000000000004');

const ERC20_TRANSFER = 'event Transfer(address indexed from, address indexed to, uint256 value)';
const ERC721_TRANSFER = 'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)';
const APPROVAL = 'event Approval(address indexed owner, address indexed spender, uint256 value)';
const APPROVAL_FOR_ALL = 'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)';

function result(
  raw: RawLog[],
  native: NativeTransfer[] = [],
  outcome: SimulationOutcome = { ok: true },
): SimulationResult {
  const { logs, changes, approvals } = logChanges(
    raw.map((l, i) => ({ ...l, logIndex: i })),
    native,
  );
  return {
    strategy: 'structLogs',
    advisory: true,
    outcome,
    gasUsed: 50_000n,
    logs,
    changes,
    approvals,
    created: [],
    notes: [],
  };
}

const facts = (code: Record<string, boolean>, receivers: Record<string, boolean> = {}): EffectFacts => ({
  code: new Map(Object.entries(code).map(([k, v]) => [k.toLowerCase(), v])),
  receivers: new Map(Object.entries(receivers)),
});

const base = { own: [me, other], to: token, known: new Set<string>() };

describe('the effects a review shows', () => {
  it("lists each of the person's accounts with its changes, and the contracts involved", () => {
    const effects = describeEffects(
      result(
        [eventLog(token, ERC20_TRANSFER, [me, bob, 5n]), eventLog(token, ERC20_TRANSFER, [bob, other, 2n])],
        [{ from: me, to: token, value: 1n }],
      ),
      base,
    );
    expect(effects.accounts).toEqual([
      {
        address: me,
        changes: [
          { kind: 'native', address: me, in: 0n, out: 1n },
          { kind: 'erc20', address: me, token, in: 0n, out: 5n },
        ],
      },
      { address: other, changes: [{ kind: 'erc20', address: other, token, in: 2n, out: 0n }] },
    ]);
    expect(effects.contracts).toEqual([token]);
    expect(effects.warnings).toEqual([]);
  });

  it('warns of a revert with its reason', () => {
    const effects = describeEffects(
      result([], [], { ok: false, reason: theirWords('Not enough'), revert: undefined, revertData: '0x' }),
      base,
    );
    expect(effects.warnings).toEqual([{ kind: 'reverts', reason: theirWords('Not enough') }]);
  });

  it('calls out an operator for all NFTs, and one never dealt with', () => {
    const effects = describeEffects(result([eventLog(nft, APPROVAL_FOR_ALL, [me, spender, true])]), {
      ...base,
      to: nft,
    });
    expect(effects.warnings).toEqual([
      { kind: 'operator-for-all', token: nft, owner: me, operator: spender },
      { kind: 'unlimited-to-unknown', token: nft, owner: me, spender },
    ]);
    const known = describeEffects(result([eventLog(nft, APPROVAL_FOR_ALL, [me, spender, true])]), {
      ...base,
      known: new Set([spender.toLowerCase()]),
    });
    expect(known.warnings).toEqual([{ kind: 'operator-for-all', token: nft, owner: me, operator: spender }]);
  });

  it('says nothing of a revoked operator or a zeroed allowance', () => {
    const effects = describeEffects(
      result([eventLog(nft, APPROVAL_FOR_ALL, [me, spender, false]), eventLog(token, APPROVAL, [me, spender, 0n])]),
      base,
    );
    expect(effects.approvals).toHaveLength(2);
    expect(effects.warnings).toEqual([]);
  });

  it('calls out an unlimited allowance to an address without code, once it is read', () => {
    const approve = result([eventLog(token, APPROVAL, [me, spender, maxUint256])]);
    expect(factsNeeded(approve, base.own).code).toEqual([spender]);
    expect(describeEffects(approve, { ...base, facts: facts({ [spender]: false }) }).warnings).toEqual([
      { kind: 'unlimited-to-codeless', token, owner: me, spender },
    ]);
    // Known and with code: nothing to say; a limited allowance is not called out.
    expect(
      describeEffects(approve, { ...base, known: new Set([spender.toLowerCase()]), facts: facts({ [spender]: true }) })
        .warnings,
    ).toEqual([]);
    expect(describeEffects(result([eventLog(token, APPROVAL, [me, spender, 10n])]), base).warnings).toEqual([]);
  });

  it('calls 2^256 − 2 to an address without code unlimited too: no amount just under the maximum slips by', () => {
    const approve = result([eventLog(token, APPROVAL, [me, spender, maxUint256 - 1n])]);
    expect(describeEffects(approve, base).approvals).toMatchObject([{ amount: maxUint256 - 1n, unlimited: true }]);
    expect(factsNeeded(approve, base.own).code).toEqual([spender]);
    expect(describeEffects(approve, { ...base, facts: facts({ [spender]: false }) }).warnings).toEqual([
      { kind: 'unlimited-to-codeless', token, owner: me, spender },
    ]);
  });

  it('warns of an allowance far above the balance to an address never dealt with, reading only the granting account', () => {
    const approve = result([eventLog(token, APPROVAL, [me, spender, 1_000n])]);
    expect(factsNeeded(approve, base.own).balances).toEqual([{ token, owner: me }]);
    const held = (balance: bigint): EffectFacts => ({
      ...facts({}),
      balances: new Map([[balanceKey(token, me), balance]]),
    });
    const warning = { kind: 'allowance-above-balance', token, owner: me, spender, amount: 1_000n };
    expect(describeEffects(approve, { ...base, facts: held(99n) }).warnings).toEqual([{ ...warning, balance: 99n }]);
    expect(describeEffects(approve, { ...base, facts: held(0n) }).warnings).toEqual([{ ...warning, balance: 0n }]);
    // Up to ten times the balance, to a known spender, or with the balance unread: nothing to say.
    expect(describeEffects(approve, { ...base, facts: held(100n) }).warnings).toEqual([]);
    const known = new Set([spender.toLowerCase()]);
    expect(describeEffects(approve, { ...base, known, facts: held(0n) }).warnings).toEqual([]);
    expect(describeEffects(approve, { ...base, facts: facts({}) }).warnings).toEqual([]);
    // An allowance to one of the person's own accounts needs no balance read.
    expect(factsNeeded(result([eventLog(token, APPROVAL, [me, other, 1_000n])]), base.own).balances).toEqual([]);
  });

  it("ignores approvals other addresses set (a contract's own, inside the call)", () => {
    const effects = describeEffects(result([eventLog(token, APPROVAL, [vault, spender, maxUint256])]), base);
    expect(effects.approvals).toEqual([]);
    expect(effects.warnings).toEqual([]);
  });

  it('warns when an ERC-721 goes to a contract that does not accept it', () => {
    const send = result([eventLog(nft, ERC721_TRANSFER, [me, vault, 7n])]);
    const needs = factsNeeded(send, base.own);
    expect(needs).toEqual({
      code: [vault],
      receivers: [{ token: nft, to: vault, from: me, tokenId: 7n }],
      balances: [],
    });
    expect(
      describeEffects(send, { ...base, facts: facts({ [vault]: true }, { [receiverKey(nft, vault, 7n)]: false }) })
        .warnings,
    ).toEqual([{ kind: 'cannot-receive', token: nft, tokenId: 7n, to: vault }]);
    expect(
      describeEffects(send, { ...base, facts: facts({ [vault]: true }, { [receiverKey(nft, vault, 7n)]: true }) })
        .warnings,
    ).toEqual([]);
    // A person's wallet (no code) always can.
    expect(
      describeEffects(send, { ...base, facts: facts({ [vault]: false }, { [receiverKey(nft, vault, 7n)]: false }) })
        .warnings,
    ).toEqual([]);
  });

  it('warns when the recipient gets another amount than the form says (fee on transfer)', () => {
    const intent = { asset: { kind: 'erc20' as const, token }, amount: 100n, from: me, recipient: bob };
    const taxed = result([
      eventLog(token, ERC20_TRANSFER, [me, bob, 98n]),
      eventLog(token, ERC20_TRANSFER, [me, vault, 2n]),
    ]);
    expect(describeEffects(taxed, { ...base, intent }).warnings).toEqual([
      { kind: 'differs-from-form', recipient: bob, expected: 100n, actual: 98n },
    ]);
    const exact = result([eventLog(token, ERC20_TRANSFER, [me, bob, 100n])]);
    expect(describeEffects(exact, { ...base, intent }).warnings).toEqual([]);
    // Sending to oneself nets nothing, which is what the form means.
    const self = result([eventLog(token, ERC20_TRANSFER, [me, me, 100n])]);
    expect(describeEffects(self, { ...base, intent: { ...intent, recipient: me } }).warnings).toEqual([]);
  });

  it('compares native amounts and NFTs with the form too', () => {
    const native = result([], [{ from: me, to: bob, value: 5n }]);
    const intent = { asset: { kind: 'native' as const }, amount: 5n, from: me, recipient: bob };
    expect(describeEffects(native, { ...base, intent }).warnings).toEqual([]);
    expect(describeEffects(native, { ...base, intent: { ...intent, amount: 6n } }).warnings).toEqual([
      { kind: 'differs-from-form', recipient: bob, expected: 6n, actual: 5n },
    ]);
    const moved = result([eventLog(nft, ERC721_TRANSFER, [me, bob, 7n])]);
    const nftIntent = {
      asset: { kind: 'erc721' as const, token: nft, tokenId: 7n },
      amount: 1n,
      from: me,
      recipient: bob,
    };
    expect(describeEffects(moved, { ...base, intent: nftIntent }).warnings).toEqual([]);
    expect(
      describeEffects(moved, { ...base, intent: { ...nftIntent, asset: { ...nftIntent.asset, tokenId: 8n } } })
        .warnings,
    ).toEqual([{ kind: 'differs-from-form', recipient: bob, expected: 1n, actual: 0n }]);
  });

  it('warns that what comes in may not, when the preview put code at the sender (a contract can tell)', () => {
    const comingBack = result(
      [],
      [
        { from: me, to: vault, value: 10n },
        { from: vault, to: me, value: 10n },
      ],
    );
    const byOverride = { ...comingBack, strategy: 'stateOverride' as const };
    expect(describeEffects(byOverride, base).warnings).toEqual([{ kind: 'receipt-unverifiable' }]);
    // A trace, or nothing coming in to the person's accounts, says nothing of it.
    expect(describeEffects(comingBack, base).warnings).toEqual([]);
    const sendingOnly = { ...result([], [{ from: me, to: vault, value: 10n }]), strategy: 'stateOverride' as const };
    expect(describeEffects(sendingOnly, { ...base, sends: { from: me, value: 10n } }).warnings).toEqual([]);
    // Read as balances, coin that comes back shows only as a smaller loss, or none: warned of too.
    const nothingMoves = { ...result([], []), strategy: 'stateOverride' as const };
    expect(describeEffects(nothingMoves, { ...base, sends: { from: me, value: 10n } }).warnings).toEqual([
      { kind: 'receipt-unverifiable' },
    ]);
  });

  it('does not compare with the form when the transaction reverts', () => {
    const intent = { asset: { kind: 'native' as const }, amount: 5n, from: me, recipient: bob as Address };
    const failed = result([], [], { ok: false, reason: theirWords('x'), revert: undefined, revertData: '0x' });
    expect(describeEffects(failed, { ...base, intent }).warnings).toEqual([
      { kind: 'reverts', reason: theirWords('x') },
    ]);
  });
});
