// A read of a function the contract does not have, against the real local node: the node's
// refusal comes back as a revert with no reason, which Contracts words as a likely wrong ABI.
import { encodeFunctionData, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { RevertedError } from '../errors/chain';
import { readFunction } from './readFunction';

const { DAI } = demoContractAddresses();
const abi = parseAbi(['function check(bytes32 digest, address[] signers) view returns (bool)']);

describe('reading a function the contract does not have', () => {
  it('is a revert with no reason', async () => {
    const [fn] = abi;
    const data = encodeFunctionData({ abi, functionName: 'check', args: [`0x${'ab'.repeat(32)}`, [demoAddress(1)]] });
    const read = readFunction(chainClient(localNetwork([localChainUrl()])), {
      address: DAI,
      fn,
      data,
      from: demoAddress(0),
      abi,
    });
    const error = await read.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RevertedError);
    expect((error as RevertedError).reason).toBeUndefined();
  });
});
