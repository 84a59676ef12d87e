// What the buttons do, with viem over the wallet's EIP-1193 provider, as a wagmi-based dApp
// would: a wallet client and a public client on `custom(provider)`, and viem's own actions.
// Nothing here knows it talks to Cairn.
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type Hex,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { createSiweMessage, generateSiweNonce } from 'viem/siwe';
import { SAMPLE_DEPLOYABLE_INIT_CODE } from './deployable.ts';
import type { Eip1193Provider } from './discovery.ts';

export type Clients = ReturnType<typeof makeClients>;

export function makeClients(provider: Eip1193Provider) {
  // No retries, as wagmi sets it: a retried request could open a second wallet window.
  const transport = custom(provider, { retryCount: 0 });
  return {
    provider,
    wallet: createWalletClient({ transport }),
    // Reads (receipts, block numbers) go to the wallet's provider too, which passes them to a node.
    reader: createPublicClient({ transport, pollingInterval: 500 }),
  };
}

/** The chain the wallet is on, as the viem `Chain` wagmi would pass (viem checks it before sending). */
async function walletChain(clients: Clients): Promise<Chain> {
  const id = await clients.wallet.getChainId();
  return chainFor(id, `Chain ${id}`, 'ETH');
}

function chainFor(id: number, name: string, symbol: string, rpcUrl?: string): Chain {
  return defineChain({
    id,
    name,
    nativeCurrency: { name: symbol, symbol, decimals: 18 },
    rpcUrls: { default: { http: rpcUrl ? [rpcUrl] : [] } },
  });
}

/** eth_requestAccounts: asks the person to connect this site. */
export function connect(clients: Clients): Promise<Address[]> {
  return clients.wallet.requestAddresses();
}

/** eth_accounts: the accounts this site may use now ([] when not connected). */
export function accounts(clients: Clients): Promise<Address[]> {
  return clients.wallet.getAddresses();
}

/** eth_chainId. */
export function chainId(clients: Clients): Promise<number> {
  return clients.wallet.getChainId();
}

export type Signed = { signature: Hex; valid: boolean };

/** personal_sign of text, checked on the page. */
export async function signMessage(clients: Clients, account: Address, message: string): Promise<Signed> {
  const signature = await clients.wallet.signMessage({ account, message });
  return { signature, valid: await verifyMessage({ address: account, message, signature }) };
}

/**
 * A Sign-In with Ethereum (EIP-4361) message for `domain` (normally this page's host), naming this
 * page's scheme (a message without one is for https); sign it with signMessage.
 */
export async function siweMessage(clients: Clients, account: Address, domain: string): Promise<string> {
  return createSiweMessage({
    scheme: location.protocol.slice(0, -1),
    address: account,
    chainId: await clients.wallet.getChainId(),
    domain,
    nonce: generateSiweNonce(),
    uri: location.origin,
    version: '1',
    statement: 'Sign in to the Cairn sample dApp.',
    issuedAt: new Date(),
  });
}

/** EIP-712's own example, on the wallet's current chain. */
export function mailTypedData(chainId: number) {
  return {
    domain: {
      name: 'Ether Mail',
      version: '1',
      chainId,
      verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
    },
    types: {
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    message: {
      from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
      to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
      contents: 'Hello, Bob!',
    },
  } as const;
}

/** eth_signTypedData_v4 of the Mail example (on `chainId`, else the wallet's chain), checked on the page. */
export async function signMail(clients: Clients, account: Address, chainId?: number): Promise<Signed> {
  const typedData = mailTypedData(chainId ?? (await clients.wallet.getChainId()));
  const signature = await clients.wallet.signTypedData({ account, ...typedData });
  return { signature, valid: await verifyTypedData({ address: account, ...typedData, signature }) };
}

/** eth_sendTransaction of 0.01 ETH; resolves with the hash once the wallet has sent it. */
export async function sendEth(clients: Clients, account: Address, to: Address): Promise<Hex> {
  const chain = await walletChain(clients);
  return clients.wallet.sendTransaction({ account, chain, to, value: parseEther('0.01') });
}

/**
 * eth_sendTransaction without `to`: deploys SampleDeployable (deployable.ts) from its init code, as
 * a deployment tool does; resolves with the hash once the wallet has sent it.
 */
export async function deployContract(clients: Clients, account: Address): Promise<Hex> {
  const chain = await walletChain(clients);
  return clients.wallet.sendTransaction({ account, chain, data: SAMPLE_DEPLOYABLE_INIT_CODE });
}

/** The contract a transaction created: its receipt's contractAddress, read through the provider. */
export async function createdContract(clients: Clients, hash: Hex): Promise<Address | null | undefined> {
  const receipt = await clients.reader.waitForTransactionReceipt({ hash, timeout: 120_000 });
  return receipt.contractAddress;
}

/** The block a transaction was mined in, read through the provider. */
export async function minedIn(clients: Clients, hash: Hex): Promise<bigint> {
  const receipt = await clients.reader.waitForTransactionReceipt({ hash, timeout: 120_000 });
  return receipt.blockNumber;
}

/** wallet_switchEthereumChain. */
export function switchChain(clients: Clients, id: number): Promise<void> {
  return clients.wallet.switchChain({ id });
}

export type NewChain = { id: number; name: string; rpcUrl: string; symbol: string };

/** wallet_addEthereumChain. */
export function addChain(clients: Clients, chain: NewChain): Promise<void> {
  return clients.wallet.addChain({ chain: chainFor(chain.id, chain.name, chain.symbol, chain.rpcUrl) });
}

export type Token = { address: string; symbol?: string; decimals?: number };

/**
 * wallet_watchAsset of an ERC-20. Straight through the provider: viem's types require the symbol
 * and decimals, which EIP-747 lets the wallet read from the token itself.
 */
export async function watchToken(clients: Clients, token: Token): Promise<boolean> {
  const result = await clients.provider.request({
    method: 'wallet_watchAsset',
    params: { type: 'ERC20', options: token },
  });
  return result === true;
}

/**
 * wallet_sendCalls (EIP-5792, version 2.0.0): two small transfers, to `to` and then to `secondTo`
 * (a contract that refuses coin makes the second one fail). `atomic`: with atomicRequired, both in
 * one transaction or neither. Returns the batch id.
 */
export async function sendTwoTransfers(
  clients: Clients,
  account: Address,
  to: Address,
  secondTo: Address = to,
  atomic = false,
): Promise<string> {
  const chain = await walletChain(clients);
  const { id } = await clients.wallet.sendCalls({
    account,
    chain,
    version: '2.0.0',
    forceAtomic: atomic,
    calls: [
      { to, value: parseEther('0.001') },
      { to: secondTo, value: parseEther('0.002') },
    ],
  });
  return id;
}

/** wallet_getCallsStatus, in words: "success (200), 2 receipts, blocks 7, 8", then ", atomic" for one transaction. */
export async function callsStatus(clients: Clients, id: string): Promise<string> {
  const { status, statusCode, atomic, receipts = [] } = await clients.wallet.getCallsStatus({ id });
  const blocks = receipts.map((receipt) => receipt.blockNumber.toString()).join(', ');
  const count = `${receipts.length} receipt${receipts.length === 1 ? '' : 's'}`;
  return `${status ?? 'unknown'} (${statusCode}), ${count}${blocks ? `, blocks ${blocks}` : ''}${atomic ? ', atomic' : ''}`;
}

/** wallet_getPermissions. */
export function permissions(clients: Clients): Promise<unknown> {
  return clients.wallet.getPermissions();
}

/** wallet_revokePermissions of eth_accounts: disconnects this site. viem has no action for it. */
export function revokeAccounts(clients: Clients): Promise<unknown> {
  return clients.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
}

/** wallet_getCapabilities (EIP-5792) for `account`, by chain id. */
export function capabilities(clients: Clients, account: Address): Promise<unknown> {
  return clients.wallet.getCapabilities({ account });
}
