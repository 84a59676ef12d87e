// What the chain itself says about one account's history: every transaction that involves it and
// every token transfer into or out of it, read block by block from the node (the test chain is
// small). Specs compare what the app shows with this, never with numbers typed by hand.
import { type Address, createPublicClient, decodeEventLog, type Hex, http, isAddressEqual, parseAbi } from 'viem';
import { hardhat } from 'viem/chains';
import { nodeClient } from './rpc.ts';

const transferEvents = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
]);
const nftTransfer = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)']);

/** One token transfer log (one id of a batch) with the account on one side. */
export type ChainTransfer = {
  hash: Hex;
  blockNumber: bigint;
  /** Block time, unix seconds. */
  timestamp: number;
  logIndex: number;
  kind: 'erc20' | 'erc721' | 'erc1155';
  token: Address;
  from: Address;
  to: Address;
  /** The amount in base units (1 for an ERC-721 token). */
  value: bigint;
  tokenId: bigint | undefined;
};

/** One transaction that involves the account. */
export type ChainTx = {
  hash: Hex;
  blockNumber: bigint;
  timestamp: number;
  from: Address;
  to: Address | null;
  value: bigint;
  success: boolean;
  /** gasUsed × effectiveGasPrice. */
  fee: bigint;
};

export type ChainHistory = {
  /** Head block when read. */
  head: bigint;
  /** Transactions involving the account, oldest first. */
  txs: ChainTx[];
  /** Token transfers into or out of the account, oldest first. */
  transfers: ChainTransfer[];
};

/**
 * The account's history as the node has it: transactions it sent, successful ones that sent it
 * native value, and those with a Transfer / TransferSingle / TransferBatch log naming it as sender
 * or recipient (mints from the zero address included).
 */
export async function readChainHistory(url: string, account: Address): Promise<ChainHistory> {
  const node = nodeClient(url);
  const head = await node.getBlockNumber();
  const blocks = await Promise.all(
    Array.from({ length: Number(head) + 1 }, (_, n) =>
      node.getBlock({ blockNumber: BigInt(n), includeTransactions: true }),
    ),
  );
  const txs: ChainTx[] = [];
  const transfers: ChainTransfer[] = [];
  for (const block of blocks) {
    const receipts = await Promise.all(block.transactions.map((tx) => node.getTransactionReceipt({ hash: tx.hash })));
    block.transactions.forEach((tx, i) => {
      const receipt = receipts[i];
      if (!receipt) return;
      const timestamp = Number(block.timestamp);
      const moved = receipt.logs.flatMap((log) =>
        transfersInLog(log).filter((t) => isAddressEqual(t.from, account) || isAddressEqual(t.to, account)),
      );
      const success = receipt.status === 'success';
      const involved =
        isAddressEqual(tx.from, account) ||
        (tx.to !== null && isAddressEqual(tx.to, account) && tx.value > 0n && success) ||
        moved.length > 0;
      if (!involved) return;
      txs.push({
        hash: tx.hash,
        blockNumber: block.number,
        timestamp,
        from: tx.from,
        to: tx.to,
        value: tx.value,
        success,
        fee: receipt.gasUsed * receipt.effectiveGasPrice,
      });
      for (const t of moved) transfers.push({ ...t, hash: tx.hash, blockNumber: block.number, timestamp });
    });
  }
  return { head, txs, transfers };
}

type LogTransfer = Omit<ChainTransfer, 'hash' | 'blockNumber' | 'timestamp'>;

function transfersInLog(log: { address: Address; topics: Hex[]; data: Hex; logIndex: number }): LogTransfer[] {
  const topics = log.topics as [Hex, ...Hex[]];
  const base = { logIndex: log.logIndex, token: log.address };
  try {
    if (topics.length === 4) {
      const nft = decodeEventLog({ abi: nftTransfer, topics, data: log.data, strict: true });
      if (nft.eventName === 'Transfer') {
        const { from, to, tokenId } = nft.args;
        return [{ ...base, kind: 'erc721', from, to, value: 1n, tokenId }];
      }
    }
  } catch {
    // Not an ERC-721 Transfer: try the others.
  }
  try {
    const event = decodeEventLog({ abi: transferEvents, topics, data: log.data, strict: true });
    if (event.eventName === 'Transfer') {
      const { from, to, value } = event.args;
      return [{ ...base, kind: 'erc20', from, to, value, tokenId: undefined }];
    }
    if (event.eventName === 'TransferSingle') {
      const { from, to, id, value } = event.args;
      return [{ ...base, kind: 'erc1155', from, to, value, tokenId: id }];
    }
    const { from, to, ids, values } = event.args;
    return ids.map((id, i) => ({ ...base, kind: 'erc1155' as const, from, to, value: values[i] ?? 0n, tokenId: id }));
  } catch {
    return [];
  }
}

const nftAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
]);

/**
 * The ERC-721 tokens among `ids` that `owner` holds now, with the name in their metadata (the
 * seed's tokenURIs are base64 JSON data URIs). An id that does not exist reverts ownerOf and is
 * skipped; reverts are not retried, so probing absent ids stays fast.
 */
export async function nftsOwnedBy(
  url: string,
  contract: Address,
  owner: Address,
  ids: readonly bigint[],
): Promise<{ id: bigint; title: string }[]> {
  const client = createPublicClient({ chain: hardhat, transport: http(url, { retryCount: 0 }) });
  const owned: { id: bigint; title: string }[] = [];
  for (const id of ids) {
    const holder = await client
      .readContract({ address: contract, abi: nftAbi, functionName: 'ownerOf', args: [id] })
      .catch(() => undefined);
    if (!holder || !isAddressEqual(holder, owner)) continue;
    const uri = await client.readContract({ address: contract, abi: nftAbi, functionName: 'tokenURI', args: [id] });
    const json = Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64').toString('utf8');
    owned.push({ id, title: (JSON.parse(json) as { name: string }).name });
  }
  return owned;
}

/** The nonces of `from`'s transactions mined in the blocks after `fromBlock`, up to the head (pending ones not counted). */
export async function sentNonces(url: string, from: Address, fromBlock: bigint): Promise<number[]> {
  const node = nodeClient(url);
  const latest = await node.getBlockNumber({ cacheTime: 0 });
  const nonces: number[] = [];
  for (let n = fromBlock + 1n; n <= latest; n++) {
    const block = await node.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) if (isAddressEqual(tx.from, from)) nonces.push(tx.nonce);
  }
  return nonces;
}
