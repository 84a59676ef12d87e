import { readFileSync } from 'node:fs';
import { concat, encodeAbiParameters, type Hex, keccak256, pad, slice, stringToHex, toHex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID } from '../../src/core/chain/localChain.ts';
import {
  FRAMEWORK_CHAIN_IDS,
  FRAMEWORK_CODE_HASHES,
  FRAMEWORK_CONTRACT_NAMES,
} from '../../src/core/smartAccount/frameworkCodeHashes.generated.ts';
import { compactHashes, computeFrameworkCodes, FRAMEWORK_MODULE, type FrameworkCodes } from './delegation.ts';
import {
  deploymentChainIds,
  deploymentFile,
  FRAMEWORK_CONTRACT_KEYS,
  FRAMEWORK_CONTRACTS,
  type FrameworkContract,
  parseDeployment,
  readDeployments,
  releaseContracts,
} from './delegationInputs.ts';
import { renderFrameworkCodeHashesModule } from './delegationModule.ts';

/**
 * Delegator hashes from an earlier, separate replay. MetaMask's broadcast input was sent through the
 * deterministic deployer on scratch Hardhat nodes, one per chain id, and eth_getCode was hashed.
 */
const REPLAYED: Record<number, Hex> = {
  1: '0x0b77e469f5603ed1e9ff0e7ee56238b61a8cf7cb3185b33e53e2eeaad50109ab',
  8453: '0x6af675ac126c441bec5d5013da3331a52e7465fc0d5a662a8708a9f33ce497ba',
  11155111: '0x9270f73d98e7ed6978677bf0550038289efd510e67e700d024502d62510fc1e4',
};

const ENFORCERS = ['exactExecutionBatchEnforcer', 'timestampEnforcer', 'limitedCallsEnforcer'] as const;

const rawDeployment = (contract: FrameworkContract): Record<string, unknown> =>
  JSON.parse(readFileSync(deploymentFile(contract), 'utf8'));

const ascending = (record: object) =>
  Object.keys(record)
    .map(Number)
    .sort((a, b) => a - b);

/** The chains each runtime is computed on: MetaMask's 49 and Cairn's local chain, ascending. */
const computedOn = () => [...FRAMEWORK_CHAIN_IDS, LOCAL_CHAIN_ID].sort((a, b) => a - b);

let codes: FrameworkCodes;
beforeAll(async () => {
  codes = await computeFrameworkCodes();
}, 30_000);

describe('the Delegation Framework code hashes', () => {
  it('are what the generator computes (run `npm run generate:delegation` after changing its inputs)', () => {
    expect(readFileSync(FRAMEWORK_MODULE, 'utf8')).toBe(renderFrameworkCodeHashesModule(codes));
    expect(FRAMEWORK_CODE_HASHES).toEqual(codes.hashes);
    expect(FRAMEWORK_CHAIN_IDS).toEqual(codes.chainIds);
    expect(Object.keys(FRAMEWORK_CODE_HASHES)).toEqual(FRAMEWORK_CONTRACT_KEYS);
    for (const contract of FRAMEWORK_CONTRACT_KEYS)
      expect(FRAMEWORK_CONTRACT_NAMES[contract]).toBe(FRAMEWORK_CONTRACTS[contract].contractName);
  });

  it('cover every chain @metamask/delegation-deployments lists v1.3.0 on, and the local chain, for each contract', () => {
    expect(ascending(releaseContracts())).toHaveLength(49);
    expect(FRAMEWORK_CHAIN_IDS).toEqual(ascending(releaseContracts()));
    expect(FRAMEWORK_CHAIN_IDS).not.toContain(LOCAL_CHAIN_ID);
    expect(codes.localChainId).toBe(LOCAL_CHAIN_ID);
    for (const contract of FRAMEWORK_CONTRACT_KEYS) {
      expect([...codes.runtimes[contract].keys()], contract).toEqual(computedOn());
      const hashes = FRAMEWORK_CODE_HASHES[contract];
      if (typeof hashes !== 'string') expect(ascending(hashes), contract).toEqual(computedOn());
    }
  });

  it('keep the delegator hashes replayed on scratch nodes for chains 1, 8453 and 11155111', () => {
    const delegator = FRAMEWORK_CODE_HASHES.delegator as Record<number, Hex>;
    for (const [id, hash] of Object.entries(REPLAYED)) expect(delegator[Number(id)]).toBe(hash);
  });

  it('give each enforcer one hash, its runtime being the same byte for byte on all 50 chains', () => {
    for (const enforcer of ENFORCERS) {
      const runtimes = new Set(codes.runtimes[enforcer].values());
      expect(codes.runtimes[enforcer].size, enforcer).toBe(50);
      expect(runtimes.size, enforcer).toBe(1);
      expect(FRAMEWORK_CODE_HASHES[enforcer]).toBe(keccak256([...runtimes][0] as Hex));
    }
    expect(new Set(ENFORCERS.map((enforcer) => FRAMEWORK_CODE_HASHES[enforcer])).size).toBe(3);
  });

  it('write one hash only when every chain’s is the same', () => {
    const same = new Map<number, Hex>([
      [1, '0x6000'],
      [10, '0x6000'],
    ]);
    expect(compactHashes(same)).toBe(keccak256('0x6000'));
    expect(compactHashes(new Map([...same, [56, '0x6001']]))).toEqual({
      1: keccak256('0x6000'),
      10: keccak256('0x6000'),
      56: keccak256('0x6001'),
    });
  });

  it('differ between chains, for the delegator and its manager, only in the chain id and EIP-712 domain separator', () => {
    const chainIdWord = (id: number) => pad(toHex(id));
    /** The byte offset of the one byte-aligned occurrence of `word` in `code`. */
    const offsetOf = (code: Hex, word: Hex): number => {
      const offsets: number[] = [];
      for (let at = code.indexOf(word.slice(2), 2); at !== -1; at = code.indexOf(word.slice(2), at + 1)) {
        if (at % 2 === 0) offsets.push((at - 2) / 2);
      }
      expect(offsets, `${word} once in the code`).toHaveLength(1);
      return offsets[0] as number;
    };
    const withWord = (code: Hex, at: number, word: Hex) => concat([slice(code, 0, at), word, slice(code, at + 32)]);
    for (const contract of ['delegator', 'delegationManager'] as const) {
      const { contractName, contractAddress } = codes.deployments[contract];
      // OpenZeppelin EIP712's _buildDomainSeparator(), with the contract's name and version "1".
      const domainSeparator = (id: number) =>
        keccak256(
          encodeAbiParameters(
            [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }],
            [
              keccak256(
                stringToHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
              ),
              keccak256(stringToHex(contractName)),
              keccak256(stringToHex('1')),
              BigInt(id),
              contractAddress,
            ],
          ),
        );
      // Located in one chain's runtime, then written for each chain into it: each must be its runtime.
      const runtimes = codes.runtimes[contract];
      const reference = runtimes.get(11155111) as Hex;
      const chainIdAt = offsetOf(reference, chainIdWord(11155111));
      const separatorAt = offsetOf(reference, domainSeparator(11155111));
      expect(runtimes.size).toBe(50);
      for (const [id, runtime] of runtimes) {
        const patched = withWord(withWord(reference, chainIdAt, chainIdWord(id)), separatorAt, domainSeparator(id));
        expect(runtime, `${contract} on chain ${id}`).toBe(patched);
      }
    }
  });

  it('refuse an input that does not create its address, or a chain listing other contracts', () => {
    const raw = rawDeployment('delegator');
    const input = raw.input as string;
    // Byte 1000 of the input (in the init code, clear of the constructor arguments) changed.
    const at = 2 + 2 * 1000;
    const changed = `${input.slice(0, at)}${input.slice(at, at + 2) === '00' ? '01' : '00'}${input.slice(at + 2)}`;
    expect(() => parseDeployment({ ...raw, input: changed }, 'delegator')).toThrow(/CREATE2 with .* creates 0x/);
    const swapped = [...(raw.arguments as string[])].reverse();
    expect(() => parseDeployment({ ...raw, arguments: swapped }, 'delegator')).toThrow(
      /does not end with the constructor arguments/,
    );
    expect(() => parseDeployment(rawDeployment('timestampEnforcer'), 'limitedCallsEnforcer')).toThrow(
      /must be LimitedCallsEnforcer 1\.3\.0/,
    );

    const deployments = readDeployments();
    const mainnet = releaseContracts()[1] ?? {};
    const entryPoint = deployments.delegator.arguments[1];
    expect(() =>
      deploymentChainIds(deployments, { 1: { ...mainnet, DelegationManager: entryPoint as string } }),
    ).toThrow(/lists DelegationManager 0x0000000071727De22E5E9d8BAf0edAc6f37da032 on chain 1/);
    expect(() =>
      deploymentChainIds(deployments, { 1: { ...mainnet, TimestampEnforcer: entryPoint as string } }),
    ).toThrow(/lists TimestampEnforcer 0x0000000071727De22E5E9d8BAf0edAc6f37da032 on chain 1/);
    const otherManager = { ...deployments.delegationManager, contractAddress: entryPoint as `0x${string}` };
    expect(() => deploymentChainIds({ ...deployments, delegationManager: otherManager })).toThrow(
      /the delegator was built for the DelegationManager 0xdb9B1e94/,
    );
  });
});
