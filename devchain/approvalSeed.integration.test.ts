// The approvals the seed grants from demo account 0, read back from the node: each as the manifest
// says (in force, zeroed or expired), and Cairn's own scan finding exactly those in force.
import { type Address, createPublicClient, erc20Abi, hashDomain, http, isAddressEqual, parseAbi } from 'viem';
import { hardhat } from 'viem/chains';
import { describe, expect, inject, it } from 'vitest';
import { memoryApprovalStore } from '../src/core/approvals/approvalStore.ts';
import { type CurrentApproval, readCurrentApprovals } from '../src/core/approvals/currentApprovals.ts';
import { scanApprovals } from '../src/core/approvals/scanApprovals.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { PERMIT2_ADDRESS } from '../src/core/chain/localChain.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import { localChainUrl } from '../src/testing/localChainUrl.ts';
import { APPROVER_INDEX, type SeededGrant, seededApprovals } from './approvalSeed.ts';
import { permit2RuntimeCode } from './permit2.ts';
import { demoAddress } from './seedSupport.ts';

const url = localChainUrl();
const node = createPublicClient({ chain: hardhat, transport: http(url) });
const owner = demoAddress(APPROVER_INDEX);
const manifest = seededApprovals(new Date(inject('localChainSeededAt')));
const readAbi = parseAbi([
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function allowance(address user, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)',
]);

/** The manifest's fields of an approval, keyed so that lists compare in a stable order. */
const key = (a: SeededGrant | CurrentApproval) =>
  `${a.kind}:${a.token}:${'spender' in a ? a.spender : 'operator' in a ? a.operator : a.tokenId}`;
function manifestShape(a: CurrentApproval): SeededGrant {
  switch (a.kind) {
    case 'erc20':
      return { kind: a.kind, token: a.token, spender: a.spender, amount: a.amount, unlimited: a.unlimited };
    case 'operator':
      return { kind: a.kind, token: a.token, operator: a.operator };
    case 'erc721':
      return { kind: a.kind, token: a.token, tokenId: a.tokenId, approved: a.approved };
    case 'permit2': {
      const { kind, token, spender, amount, unlimited, expiration } = a;
      return { kind, token, spender, amount, unlimited, expiration };
    }
  }
}
const sorted = <T extends SeededGrant | CurrentApproval>(list: T[]) =>
  [...list].sort((a, b) => key(a).localeCompare(key(b)));

describe('the approvals seeded for demo account 0', () => {
  it('has Uniswap’s Permit2 at its address, whose domain separator is its own on this chain', async () => {
    expect(await node.getCode({ address: PERMIT2_ADDRESS })).toBe(permit2RuntimeCode());
    const separator = await node.readContract({
      address: PERMIT2_ADDRESS,
      abi: parseAbi(['function DOMAIN_SEPARATOR() view returns (bytes32)']),
      functionName: 'DOMAIN_SEPARATOR',
    });
    expect(separator).toBe(
      hashDomain({
        domain: { name: 'Permit2', chainId: 31337n, verifyingContract: PERMIT2_ADDRESS },
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' },
          ],
        },
      }),
    );
  });

  it('covers every case: unlimited, limited, USDT-style, operator, single NFT, Permit2 in force and expired, zeroed', () => {
    const states = manifest.map((a) => `${a.kind} ${a.state}`);
    for (const expected of [
      'erc20 in force',
      'operator in force',
      'erc721 in force',
      'permit2 in force',
      'permit2 expired',
      'erc20 zeroed',
    ])
      expect(states).toContain(expected);
    expect(manifest.some((a) => a.kind === 'erc20' && a.unlimited && a.state === 'in force')).toBe(true);
    expect(manifest.some((a) => a.kind === 'erc20' && !a.unlimited && a.state === 'in force')).toBe(true);
  });

  it('reads on the node as the manifest says, each in force or gone', async () => {
    const head = await node.getBlock();
    for (const approval of manifest) {
      const read = (address: Address, functionName: string, args: readonly unknown[]) =>
        node.readContract({ address, abi: [...readAbi, ...erc20Abi], functionName, args } as never) as Promise<unknown>;
      switch (approval.kind) {
        case 'erc20':
          expect(await read(approval.token, 'allowance', [owner, approval.spender]), key(approval)).toBe(
            approval.amount,
          );
          break;
        case 'operator':
          expect(await read(approval.token, 'isApprovedForAll', [owner, approval.operator])).toBe(true);
          break;
        case 'erc721':
          expect(await read(approval.token, 'getApproved', [approval.tokenId])).toBe(approval.approved);
          expect(await read(approval.token, 'ownerOf', [approval.tokenId])).toBe(owner);
          break;
        case 'permit2': {
          const [amount, expiration] = (await read(PERMIT2_ADDRESS, 'allowance', [
            owner,
            approval.token,
            approval.spender,
          ])) as [bigint, number, number];
          expect([amount, BigInt(expiration)], key(approval)).toEqual([approval.amount, approval.expiration]);
          expect(approval.expiration > head.timestamp, key(approval)).toBe(approval.state === 'in force');
          break;
        }
      }
    }
  });

  it('is what Cairn’s approvals scan finds in force, exactly; those gone were granted first', async () => {
    const client = chainClient({ ...localNetwork(url), id: 'approval-seed-test' });
    const scan = await scanApprovals({ client, store: memoryApprovalStore() }, owner);
    const current = await readCurrentApprovals(client, owner, scan.events, true);
    const inForce = manifest.filter((a) => a.state === 'in force').map(({ state: _s, ...rest }) => rest as SeededGrant);
    expect(sorted(current).map(manifestShape)).toEqual(sorted(inForce));
    expect(current.every((a) => a.unreadable === undefined)).toBe(true);

    for (const gone of manifest.filter((a) => a.state !== 'in force')) {
      const grants = scan.events.filter(
        (e) =>
          e.kind === gone.kind &&
          isAddressEqual(e.token, gone.token) &&
          'spender' in e &&
          'spender' in gone &&
          isAddressEqual(e.spender, gone.spender),
      );
      expect(
        grants.some((e) => 'amount' in e && e.amount > 0n),
        key(gone),
      ).toBe(true);
    }
  });
});
