import { DelegationManager } from '@metamask/delegation-abis';
import { concat, domainSeparator, keccak256, parseEther } from 'viem';
import { encodeExecuteData } from 'viem/experimental/erc7821';
import { describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { DELEGATION_CONTRACTS } from '../src/core/smartAccount/delegates.ts';
import { LOCAL_CODE_HASHES } from '../src/core/smartAccount/localDelegation.ts';
import { localChainUrl } from '../src/testing/localChainUrl.ts';
import {
  DELEGATION_DEPLOYER_INDEX,
  delegationAddresses,
  delegationOrder,
  temporaryDelegationAddresses,
} from './delegation.ts';
import { demoAccount, demoAddress, seedClient } from './seedSupport.ts';

const client = seedClient(localChainUrl());
const at = delegationAddresses();

describe("the local chain's Delegation Framework", () => {
  it('has code at every published address, and none left where it was deployed', async () => {
    const temporary = temporaryDelegationAddresses();
    for (const name of delegationOrder) {
      expect(await client.getCode({ address: at[name] }), name).toMatch(/^0x[0-9a-f]{2,}$/);
      expect(await client.getCode({ address: temporary[name] }), name).toBeUndefined();
    }
  });

  it('has the delegator, manager and enforcers whose code hashes the app expects (LOCAL_CODE_HASHES)', async () => {
    const found = Object.fromEntries(
      await Promise.all(
        Object.entries(DELEGATION_CONTRACTS).map(async ([contract, address]) => {
          const code = await client.getCode({ address });
          return [contract, code && keccak256(code)] as const;
        }),
      ),
    );
    // On a failure, the hashes found are what LOCAL_CODE_HASHES should hold.
    expect(found).toEqual(LOCAL_CODE_HASHES);
  });

  it("keeps the DelegationManager's owner and signs for its published address", async () => {
    const manager = { address: at.DelegationManager, abi: DelegationManager } as const;
    expect(await client.readContract({ ...manager, functionName: 'owner' })).toBe(
      demoAddress(DELEGATION_DEPLOYER_INDEX),
    );
    // Its EIP-712 domain is rebuilt for the address it runs at, not the one it was deployed to.
    expect(await client.readContract({ ...manager, functionName: 'getDomainHash' })).toBe(
      domainSeparator({
        domain: {
          name: 'DelegationManager',
          version: '1',
          chainId: LOCAL_CHAIN_ID,
          verifyingContract: at.DelegationManager,
        },
      }),
    );
  });

  it('runs a batch for an account delegated to it by an EIP-7702 authorization', async () => {
    // Accounts of the demo mnemonic past the node's twenty that no other test uses.
    const account = demoAccount(26);
    const [first, second] = [demoAddress(27), demoAddress(28)];
    await client.setBalance({ address: account.address, value: parseEther('10') });
    const before = await Promise.all([first, second].map((address) => client.getBalance({ address })));

    const authorization = await client.signAuthorization({
      account,
      contractAddress: at.EIP7702StatelessDeleGator,
      executor: 'self',
    });
    // execute(bytes32 mode, bytes executionCalldata) in batch mode (0x01 and 31 zero bytes).
    const hash = await client.sendTransaction({
      account,
      to: account.address,
      data: encodeExecuteData({
        calls: [
          { to: first, value: parseEther('1') },
          { to: second, value: parseEther('2') },
        ],
      }),
      authorizationList: [authorization],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });

    expect(receipt.status).toBe('success');
    expect(receipt.type).toBe('eip7702');
    const after = await Promise.all([first, second].map((address) => client.getBalance({ address })));
    expect(after.map((balance, i) => balance - (before[i] ?? 0n))).toEqual([parseEther('1'), parseEther('2')]);
    expect(await client.getCode({ address: account.address })).toBe(
      concat(['0xef0100', at.EIP7702StatelessDeleGator]).toLowerCase(),
    );
  });
});
