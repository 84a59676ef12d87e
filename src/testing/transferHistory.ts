// A long token history on a local chain: one token and many transfers between two accounts,
// packed into full blocks. Sent as JSON-RPC batches so that 10,000 transfers seed in seconds.
import { type Address, encodeFunctionData, type Hex, parseAbi } from 'viem';
import { compileContracts } from '../../devchain/compile.ts';
import { demoAddress } from '../../devchain/seed.ts';
import { testNode } from './txFixtures';

const erc20 = parseAbi([
  'function mint(address to, uint256 value)',
  'function transfer(address to, uint256 value) returns (bool)',
]);

/**
 * Deploys a token, mints to `account` and `peer`, then makes `transfers` transfers between them
 * (even ones from `account`, odd ones to it), `perBlock` to a block. Returns the token's address.
 */
export async function seedTransferHistory(
  url: string,
  args: { account: Address; peer: Address; transfers: number; perBlock: number },
): Promise<Address> {
  const node = testNode(url);
  const token = compileContracts().DemoToken;
  if (!token) throw new Error('DemoToken missing');
  const deployer = demoAddress(19);
  const deployed = await node.deployContract({
    account: deployer,
    abi: token.abi,
    bytecode: token.bytecode,
    args: ['Bench', 'BENCH', 18],
    chain: node.chain,
  });
  const address = (await node.waitForTransactionReceipt({ hash: deployed })).contractAddress as Address;
  for (const to of [args.account, args.peer]) {
    const data = encodeFunctionData({ abi: erc20, functionName: 'mint', args: [to, 10n ** 30n] });
    await node.waitForTransactionReceipt({
      hash: await node.sendTransaction({ account: deployer, to: address, data, chain: node.chain }),
    });
  }
  await node.setAutomine(false);
  try {
    for (let start = 0; start < args.transfers; start += args.perBlock) {
      const calls = [];
      for (let i = start; i < Math.min(args.transfers, start + args.perBlock); i++) {
        const outgoing = i % 2 === 0;
        const data = encodeFunctionData({
          abi: erc20,
          functionName: 'transfer',
          args: [outgoing ? args.peer : args.account, BigInt(i + 1)],
        });
        const from = outgoing ? args.account : args.peer;
        calls.push({ from, to: address, data, gas: '0xea60' as Hex });
      }
      await sendBatch(url, calls);
      await node.mine({ blocks: 1 });
    }
  } finally {
    await node.setAutomine(true);
  }
  return address;
}

/** eth_sendTransaction for each call, in one JSON-RPC batch; throws on the first refusal. */
async function sendBatch(url: string, calls: { from: Address; to: Address; data: Hex; gas: Hex }[]): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      calls.map((call, id) => ({ jsonrpc: '2.0', id, method: 'eth_sendTransaction', params: [call] })),
    ),
  });
  const answers = (await response.json()) as { error?: { message: string } }[];
  const refused = answers.find((a) => a.error);
  if (refused?.error) throw new Error(`eth_sendTransaction refused: ${refused.error.message}`);
}
