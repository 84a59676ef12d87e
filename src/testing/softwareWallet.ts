// A browser wallet for tests, answering EIP-1193 requests as MetaMask does (written from EIP-1193,
// EIP-3326 and the wallets' documented methods): it holds its own key, shares its account, is on
// one network at a time, signs personal_sign and eth_signTypedData_v4, and for eth_sendTransaction
// signs with the nonce it chooses and sends through a node of its own. Each answer can be replaced
// by a refusal or a wrong answer, to see Cairn refuse it.
import {
  type Address,
  createPublicClient,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  type LocalAccount,
  numberToHex,
  type TypedDataDefinition,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** A refusal as wallets give it: an Error with an EIP-1193 code. */
export function providerError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

export type RequestLog = { method: string; params: unknown[] | undefined }[];

export type SoftwareWalletOptions = {
  privateKey: Hex;
  /** The node it sends through (eth_sendTransaction); none: sending fails. */
  rpcUrl?: string;
  /** Its network when it starts, and the networks it knows (wallet_switchEthereumChain). */
  chainId: number;
  knownChainIds?: number[];
};

export function createSoftwareWallet(options: SoftwareWalletOptions) {
  const account: LocalAccount = privateKeyToAccount(options.privateKey);
  let chainId = options.chainId;
  let connected = false;
  const log: RequestLog = [];
  /** Answers for the next request of a method, in place of the wallet's own (a function may throw). */
  const overrides = new Map<string, (params: unknown[] | undefined) => unknown>();
  const known = new Set([options.chainId, ...(options.knownChainIds ?? [])]);
  const node = options.rpcUrl ? createPublicClient({ transport: http(options.rpcUrl) }) : undefined;

  async function answer(method: string, params: unknown[] | undefined): Promise<unknown> {
    const p = params ?? [];
    switch (method) {
      case 'eth_requestAccounts':
        connected = true;
        return [account.address];
      case 'eth_accounts':
        return connected ? [account.address] : [];
      case 'eth_chainId':
        return numberToHex(chainId);
      case 'wallet_switchEthereumChain': {
        const wanted = hexToNumber((p[0] as { chainId: Hex }).chainId);
        if (!known.has(wanted)) throw providerError(4902, 'Unrecognized chain ID.');
        chainId = wanted;
        return null;
      }
      case 'personal_sign':
        requireShared(p[1] as Address);
        return account.signMessage({ message: { raw: p[0] as Hex } });
      case 'eth_signTypedData_v4': {
        requireShared(p[0] as Address);
        const { types, primaryType, domain, message } = JSON.parse(p[1] as string) as TypedDataDefinition & {
          types: Record<string, unknown>;
        };
        const { EIP712Domain: _, ...rest } = types;
        // The JSON carries the domain's chain id as text (JSON has no bigint): read it as a number, as wallets do.
        const chainId = domain?.chainId === undefined ? undefined : BigInt(domain.chainId as unknown as string);
        return account.signTypedData({ types: rest, primaryType, domain: { ...domain, chainId }, message } as never);
      }
      case 'eth_sendTransaction':
        return send(p[0] as Record<string, Hex | undefined>);
      default:
        throw providerError(4200, `The wallet does not support ${method}.`);
    }
  }

  function requireShared(address: Address) {
    if (!connected || address.toLowerCase() !== account.address.toLowerCase())
      throw providerError(4100, 'The requested account has not been authorized by the user.');
  }

  async function send(tx: Record<string, Hex | undefined>): Promise<Hex> {
    requireShared(tx.from as Address);
    if (tx.chainId && hexToNumber(tx.chainId) !== chainId) throw providerError(-32602, 'chainId does not match.');
    if (!node) throw providerError(4900, 'Disconnected.');
    const nonce = await node.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const big = (v: Hex | undefined) => (v === undefined ? undefined : hexToBigInt(v));
    const common = { chainId, nonce, to: tx.to as Address, value: big(tx.value), data: tx.data, gas: big(tx.gas) };
    const raw = await account.signTransaction(
      tx.gasPrice
        ? { ...common, type: 'legacy', gasPrice: big(tx.gasPrice) }
        : {
            ...common,
            type: 'eip1559',
            maxFeePerGas: big(tx.maxFeePerGas),
            maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas),
          },
    );
    return node.request({ method: 'eth_sendRawTransaction', params: [raw] });
  }

  return {
    address: account.address,
    account,
    log,
    get chainId() {
      return chainId;
    },
    /** The next request of `method` gets this answer instead (a function's throw is the wallet's refusal). */
    answerNext(method: string, next: (params: unknown[] | undefined) => unknown) {
      overrides.set(method, next);
    },
    provider: {
      async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
        const list = params === undefined ? undefined : (params as unknown[]);
        log.push({ method, params: list });
        const override = overrides.get(method);
        if (override) {
          overrides.delete(method);
          return override(list);
        }
        return answer(method, list);
      },
    },
  };
}

export type SoftwareWallet = ReturnType<typeof createSoftwareWallet>;
