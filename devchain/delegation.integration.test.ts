import { DelegationManager } from '@metamask/delegation-abis';
import { concat, domainSeparator, keccak256, parseEther } from 'viem';
import { encodeExecuteData } from 'viem/experimental/erc7821';
import { describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { DELEGATION_CONTRACTS, type FrameworkContract } from '../src/core/smartAccount/delegates.ts';
import { FRAMEWORK_CODE_HASHES } from '../src/core/smartAccount/frameworkCodeHashes.generated.ts';
import { localChainUrl } from '../src/testing/localChainUrl.ts';
import { delegationAddresses, delegationDeployments } from './delegation.ts';
import {
  DETERMINISTIC_DEPLOYER,
  DETERMINISTIC_DEPLOYER_SENDER,
  deterministicDeployerRuntime,
} from './deterministicDeployer.ts';
import { demoAccount, demoAddress, seedClient } from './seedSupport.ts';

const client = seedClient(localChainUrl());
const at = delegationAddresses();

/** What `npm run generate:delegation` computed for the contract on the local chain's id. */
function generatedLocalHash(contract: FrameworkContract) {
  const hashes = FRAMEWORK_CODE_HASHES[contract];
  return typeof hashes === 'string' ? hashes : hashes[LOCAL_CHAIN_ID];
}

describe("the local chain's Delegation Framework", () => {
  it('is deployed through the deterministic deployer, which its pre-signed transaction created', async () => {
    expect(await client.getTransactionCount({ address: DETERMINISTIC_DEPLOYER_SENDER })).toBe(1);
    expect(await client.getCode({ address: DETERMINISTIC_DEPLOYER })).toBe(deterministicDeployerRuntime());
  });

  it("has at each published address the code the generator computed for the local chain's id", async () => {
    expect(await client.getChainId()).toBe(LOCAL_CHAIN_ID);
    const contracts = Object.keys(DELEGATION_CONTRACTS) as FrameworkContract[];
    const found = await Promise.all(
      contracts.map(async (contract) => {
        const code = await client.getCode({ address: DELEGATION_CONTRACTS[contract] });
        return [contract, code && keccak256(code)] as const;
      }),
    );
    const generated = contracts.map((contract) => [contract, generatedLocalHash(contract)] as const);
    expect(Object.fromEntries(found)).toEqual(Object.fromEntries(generated));
    expect(at).toEqual(DELEGATION_CONTRACTS);
  });

  it("keeps the DelegationManager's owner from MetaMask's broadcast and signs for its published address", async () => {
    const manager = { address: at.delegationManager, abi: DelegationManager } as const;
    expect(await client.readContract({ ...manager, functionName: 'owner' })).toBe(
      delegationDeployments().delegationManager.arguments[0],
    );
    expect(await client.readContract({ ...manager, functionName: 'getDomainHash' })).toBe(
      domainSeparator({
        domain: {
          name: 'DelegationManager',
          version: '1',
          chainId: LOCAL_CHAIN_ID,
          verifyingContract: at.delegationManager,
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
      contractAddress: at.delegator,
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
    expect(await client.getCode({ address: account.address })).toBe(concat(['0xef0100', at.delegator]).toLowerCase());
  });
});
