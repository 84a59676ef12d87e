import { readFileSync } from 'node:fs';
import { concat, encodeAbiParameters, type Hex, keccak256, pad, slice, stringToHex, toHex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELEGATOR_CODE_HASHES } from '../../src/core/smartAccount/delegatorCodeHashes.generated.ts';
import {
  computeDelegatorCodes,
  DELEGATOR_MODULE,
  DEPLOYMENT_FILE,
  type DelegatorCodes,
  deploymentChainIds,
  parseDeployment,
  releaseContracts,
  renderDelegatorCodeHashesModule,
} from './delegation.ts';

/**
 * Hashes from an earlier, separate replay. MetaMask's broadcast input was sent through the
 * deterministic deployer on scratch Hardhat nodes, one per chain id, and eth_getCode was hashed.
 */
const REPLAYED: Record<number, Hex> = {
  1: '0x0b77e469f5603ed1e9ff0e7ee56238b61a8cf7cb3185b33e53e2eeaad50109ab',
  8453: '0x6af675ac126c441bec5d5013da3331a52e7465fc0d5a662a8708a9f33ce497ba',
  11155111: '0x9270f73d98e7ed6978677bf0550038289efd510e67e700d024502d62510fc1e4',
};

const rawDeployment = (): Record<string, unknown> => JSON.parse(readFileSync(DEPLOYMENT_FILE, 'utf8'));

let codes: DelegatorCodes;
beforeAll(async () => {
  codes = await computeDelegatorCodes();
}, 30_000);

describe('the delegator code hashes', () => {
  it('are what the generator computes (run `npm run generate:delegation` after changing its inputs)', () => {
    expect(readFileSync(DELEGATOR_MODULE, 'utf8')).toBe(renderDelegatorCodeHashesModule(codes));
    expect(DELEGATOR_CODE_HASHES).toEqual(codes.hashes);
  });

  it('cover every chain @metamask/delegation-deployments lists v1.3.0 on', () => {
    const ids = (record: object) =>
      Object.keys(record)
        .map(Number)
        .sort((a, b) => a - b);
    expect(ids(releaseContracts())).toHaveLength(49);
    expect(ids(DELEGATOR_CODE_HASHES)).toEqual(ids(releaseContracts()));
  });

  it('keep the hashes replayed on scratch nodes for chains 1, 8453 and 11155111', () => {
    for (const [id, hash] of Object.entries(REPLAYED)) expect(DELEGATOR_CODE_HASHES[Number(id)]).toBe(hash);
  });

  it('differ between chains only in the immutable chain id and EIP-712 domain separator', () => {
    const { contractAddress } = codes.deployment;
    const chainIdWord = (id: number) => pad(toHex(id));
    // OpenZeppelin EIP712's _buildDomainSeparator(), with the contract's NAME and DOMAIN_VERSION.
    const domainSeparator = (id: number) =>
      keccak256(
        encodeAbiParameters(
          [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }],
          [
            keccak256(
              stringToHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
            ),
            keccak256(stringToHex('EIP7702StatelessDeleGator')),
            keccak256(stringToHex('1')),
            BigInt(id),
            contractAddress,
          ],
        ),
      );
    /** The byte offset of the one byte-aligned occurrence of `word` in `code`. */
    const offsetOf = (code: Hex, word: Hex): number => {
      const offsets: number[] = [];
      for (let at = code.indexOf(word.slice(2), 2); at !== -1; at = code.indexOf(word.slice(2), at + 1)) {
        if (at % 2 === 0) offsets.push((at - 2) / 2);
      }
      expect(offsets, `${word} once in the code`).toHaveLength(1);
      return offsets[0] as number;
    };
    // Located in one chain's runtime, then written for each chain into it: each must be its runtime.
    const reference = codes.runtimes.get(11155111) as Hex;
    const chainIdAt = offsetOf(reference, chainIdWord(11155111));
    const separatorAt = offsetOf(reference, domainSeparator(11155111));
    const withWord = (code: Hex, at: number, word: Hex) => concat([slice(code, 0, at), word, slice(code, at + 32)]);
    expect(codes.runtimes.size).toBe(49);
    for (const [id, runtime] of codes.runtimes) {
      const patched = withWord(withWord(reference, chainIdAt, chainIdWord(id)), separatorAt, domainSeparator(id));
      expect(runtime, `chain ${id}`).toBe(patched);
    }
  });

  it('refuse an input that does not create the delegator’s address, or a chain listing other contracts', () => {
    const raw = rawDeployment();
    const input = raw.input as string;
    // Byte 1000 of the input (in the init code, clear of the constructor arguments) changed.
    const at = 2 + 2 * 1000;
    const changed = `${input.slice(0, at)}${input.slice(at, at + 2) === '00' ? '01' : '00'}${input.slice(at + 2)}`;
    expect(() => parseDeployment({ ...raw, input: changed })).toThrow(/CREATE2 with this input creates 0x/);
    const swapped = [...(raw.arguments as string[])].reverse();
    expect(() => parseDeployment({ ...raw, arguments: swapped })).toThrow(
      /does not end with the constructor arguments/,
    );
    const deployment = parseDeployment(raw);
    const mainnet = releaseContracts()[1];
    expect(() =>
      deploymentChainIds(deployment, { 1: { ...mainnet, DelegationManager: deployment.entryPoint } }),
    ).toThrow(/lists DelegationManager 0x0000000071727De22E5E9d8BAf0edAc6f37da032 on chain 1/);
  });
});
