import { type Address, getAddress, type Hex, maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { eventLog } from '../../testing/eventLog';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import type { RawLog } from '../contracts/decode/logs';
import { logChanges, netChange } from './changes';

const token = getAddress('0x1000000000000000000000000000000000000001');
const alice = getAddress('0xa11ce00000000000000000000000000000000001');
const bob = getAddress('0xb0b0000000000000000000000000000000000002');
const zero: Address = '0x0000000000000000000000000000000000000000';

const log = eventLog;

const ERC20_TRANSFER = 'event Transfer(address indexed from, address indexed to, uint256 value)';
const ERC721_TRANSFER = 'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)';

describe('logs → asset changes', () => {
  it('sums ERC-20 transfers per address and token, and leaves mints without a zero-address holder', () => {
    const { changes } = logChanges(
      [
        log(token, ERC20_TRANSFER, [alice, bob, 5n]),
        log(token, ERC20_TRANSFER, [alice, bob, 7n]),
        log(token, ERC20_TRANSFER, [zero, alice, 100n]),
      ],
      [],
    );
    expect(changes).toEqual([
      { kind: 'erc20', address: alice, token, in: 100n, out: 12n },
      { kind: 'erc20', address: bob, token, in: 12n, out: 0n },
    ]);
    expect(changes.map(netChange)).toEqual([88n, 12n]);
  });

  it('tells an ERC-721 Transfer (token id indexed) from an ERC-20 one', () => {
    const { changes } = logChanges([log(token, ERC721_TRANSFER, [alice, bob, 42n])], []);
    expect(changes).toEqual([
      { kind: 'erc721', address: alice, token, received: [], sent: [42n] },
      { kind: 'erc721', address: bob, token, received: [42n], sent: [] },
    ]);
  });

  it('reads ERC-1155 TransferSingle and TransferBatch per id', () => {
    const { changes } = logChanges(
      [
        log(
          token,
          'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
          [bob, alice, bob, 1n, 3n],
        ),
        log(
          token,
          'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
          [bob, alice, bob, [1n, 2n], [4n, 9n]],
        ),
      ],
      [],
    );
    expect(changes).toEqual([
      { kind: 'erc1155', address: alice, token, id: 1n, in: 0n, out: 7n },
      { kind: 'erc1155', address: bob, token, id: 1n, in: 7n, out: 0n },
      { kind: 'erc1155', address: alice, token, id: 2n, in: 0n, out: 9n },
      { kind: 'erc1155', address: bob, token, id: 2n, in: 9n, out: 0n },
    ]);
  });

  it('sums native coin moved by the transaction and by internal calls', () => {
    const { changes } = logChanges(
      [],
      [
        { from: alice, to: token, value: 10n },
        { from: token, to: bob, value: 4n },
        { from: token, to: bob, value: 0n },
      ],
    );
    expect(changes).toEqual([
      { kind: 'native', address: alice, in: 0n, out: 10n },
      { kind: 'native', address: token, in: 10n, out: 4n },
      { kind: 'native', address: bob, in: 4n, out: 0n },
    ]);
  });

  it('lists approvals: ERC-20 (unlimited or not), ERC-721, operators granted and revoked, Permit2', () => {
    const { approvals, changes } = logChanges(
      [
        log(token, 'event Approval(address indexed owner, address indexed spender, uint256 value)', [
          alice,
          bob,
          maxUint256,
        ]),
        log(token, 'event Approval(address indexed owner, address indexed spender, uint256 value)', [alice, bob, 0n]),
        log(token, 'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)', [
          alice,
          zero,
          8n,
        ]),
        log(token, 'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)', [
          alice,
          bob,
          true,
        ]),
        log(token, 'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)', [
          alice,
          bob,
          false,
        ]),
        log(
          PERMIT2_ADDRESS,
          'event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)',
          [alice, token, bob, 2n ** 160n - 1n, 1_900_000_000],
        ),
      ],
      [],
    );
    expect(changes).toEqual([]);
    expect(approvals).toEqual([
      { kind: 'erc20', token, owner: alice, spender: bob, amount: maxUint256, unlimited: true },
      { kind: 'erc20', token, owner: alice, spender: bob, amount: 0n, unlimited: false },
      { kind: 'erc721', token, owner: alice, approved: zero, tokenId: 8n, revoked: true },
      { kind: 'operator', token, owner: alice, operator: bob, approved: true },
      { kind: 'operator', token, owner: alice, operator: bob, approved: false },
      {
        kind: 'permit2',
        permit2: PERMIT2_ADDRESS,
        owner: alice,
        token,
        spender: bob,
        amount: 2n ** 160n - 1n,
        expiration: 1_900_000_000n,
        unlimited: true,
      },
    ]);
  });

  it('keeps logs no standard describes as they came, changing nothing', () => {
    const raw: RawLog = { address: token, topics: ['0x01'.padEnd(66, '0') as Hex], data: '0x', logIndex: 0 };
    const result = logChanges([raw], []);
    expect(result.logs[0]?.name).toBeUndefined();
    expect(result.changes).toEqual([]);
  });
});
