import { getContractAddress, keccak256, parseTransaction, recoverTransactionAddress, size, slice } from 'viem';
import { describe, expect, it } from 'vitest';
import { DETERMINISTIC_DEPLOYER_CODE_HASH } from '../src/core/chain/deterministicDeployer.ts';
import {
  DETERMINISTIC_DEPLOYER,
  DETERMINISTIC_DEPLOYER_SENDER,
  DETERMINISTIC_DEPLOYER_TRANSACTION,
  deterministicDeployerCost,
  deterministicDeployerRuntime,
} from './deterministicDeployer.ts';
import { SAFE_SINGLETON_FACTORY_CODE } from './safe.ts';

describe("the deterministic deployer's pre-signed transaction", () => {
  it('is valid on any chain and creates the proxy at its address, from its sender’s nonce 0', async () => {
    const transaction = parseTransaction(DETERMINISTIC_DEPLOYER_TRANSACTION);
    expect(transaction).toMatchObject({ type: 'legacy', nonce: 0, v: 27n });
    expect(transaction.chainId).toBeUndefined();
    expect(transaction.to).toBeUndefined();
    const sender = await recoverTransactionAddress({ serializedTransaction: DETERMINISTIC_DEPLOYER_TRANSACTION });
    expect(sender).toBe(DETERMINISTIC_DEPLOYER_SENDER);
    expect(getContractAddress({ from: sender, nonce: 0n })).toBe(DETERMINISTIC_DEPLOYER);
    expect(deterministicDeployerCost()).toBe(10n ** 16n);
  });

  it('returns the 69 bytes after its init code: the CREATE2 proxy, the same runtime as Safe’s factory', () => {
    const data = parseTransaction(DETERMINISTIC_DEPLOYER_TRANSACTION).data ?? '0x';
    // PUSH1 0x45, DUP1, PUSH1 0x0e, PUSH1 0, CODECOPY, DUP1, PUSH1 0, RETURN, POP, INVALID.
    expect(slice(data, 0, 14)).toBe('0x604580600e600039806000f350fe');
    expect(size(deterministicDeployerRuntime())).toBe(0x45);
    expect(deterministicDeployerRuntime()).toBe(SAFE_SINGLETON_FACTORY_CODE);
    expect(keccak256(deterministicDeployerRuntime())).toBe(DETERMINISTIC_DEPLOYER_CODE_HASH);
  });
});
