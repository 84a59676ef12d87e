// Runs a local OP Stack chain inside this process, bound to 127.0.0.1 only: EDR's OP chain type
// (the engine Hardhat already installs, with the GasPriceOracle and L1Block predeploys in its
// genesis), served over HTTP and WebSocket by Hardhat's own JSON-RPC server. Like node-process.cjs
// it exits as soon as its IPC channel to the parent closes, and takes the same settings from the
// environment: CAIRN_CHAIN_ID (901 by default), CAIRN_BLOCK_TIME_MS and CAIRN_GENESIS_DATE.
// Started by devchain/chain.ts's startOpChain: node devchain/op-node-process.cjs <port>
const { EventEmitter } = require('node:events');
const edr = require('@nomicfoundation/edr');
const { JsonRpcServer } = require('hardhat/internal/hardhat-network/jsonrpc/server');
const { ProviderError } = require('hardhat/internal/core/providers/errors');

const port = Number(process.argv[2]);
const chainId = BigInt(process.env.CAIRN_CHAIN_ID || 901);
const blockTimeMs = BigInt(Math.max(Number(process.env.CAIRN_BLOCK_TIME_MS || 0), 0));
const genesisDate = process.env.CAIRN_GENESIS_DATE;
/** An L2's gas is cheap: a thousandth of a gwei, so the L1 data fee is most of a transfer's cost, as on OP Mainnet. */
const INITIAL_BASE_FEE = 1_000_000n;
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`op-node-process: invalid port ${process.argv[2]}`);
  process.exit(2);
}
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));

/**
 * Hardhat's 20 well-known test keys (the demo accounts), from its default mnemonic, and a 21st
 * (index 20) that no demo uses: see CALLER below.
 */
function demoKeys() {
  const { mnemonicToAccount } = require('viem/accounts');
  const { toHex } = require('viem');
  const mnemonic = 'test test test test test test test test test test test junk';
  return Array.from({ length: 21 }, (_, index) => {
    const account = mnemonicToAccount(mnemonic, { addressIndex: index });
    return { address: account.address, key: toHex(account.getHdKey().privateKey) };
  });
}

/** EDR's provider as an EIP-1193 provider with Hardhat's "notification" events, for JsonRpcServer. */
class OpProvider extends EventEmitter {
  constructor() {
    super();
    this.edrProvider = undefined;
  }
  async request({ method, params = [] }) {
    const response = await this.edrProvider.handleRequest(JSON.stringify({ method, params }));
    const body = typeof response.data === 'string' ? JSON.parse(response.data) : response.data;
    if (body.error) {
      const error = new ProviderError(body.error.message, body.error.code);
      if (body.error.data !== undefined) error.data = body.error.data;
      throw error;
    }
    return body.result;
  }
  onEvent(event) {
    const subscription = `0x${event.filterId.toString(16)}`;
    for (const result of Array.isArray(event.result) ? event.result : [event.result])
      this.emit('notification', { subscription, result });
  }
}

async function main() {
  const context = new edr.EdrContext();
  await context.registerProviderFactory(edr.OP_CHAIN_TYPE, edr.opProviderFactory());
  const hardfork = edr.opLatestHardfork();
  const genesisState = edr.opGenesisState(hardfork);
  const accounts = demoKeys();
  for (const { address } of accounts)
    genesisState.push({ address: Buffer.from(address.slice(2), 'hex'), balance: 10n ** 20n, code: new Uint8Array() });
  const provider = new OpProvider();
  provider.edrProvider = await context.createProvider(
    edr.OP_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: false,
      bailOnTransactionFailure: false,
      blockGasLimit: 30_000_000n,
      chainId,
      coinbase: Buffer.from('4200000000000000000000000000000000000011', 'hex'),
      precompileOverrides: [],
      genesisState,
      hardfork: edr.opHardforkToString(hardfork),
      minGasPrice: 0n,
      initialBaseFeePerGas: INITIAL_BASE_FEE,
      ...(genesisDate ? { initialDate: BigInt(Math.floor(new Date(genesisDate).getTime() / 1000)) } : {}),
      mining: {
        autoMine: true,
        ...(blockTimeMs > 0n ? { interval: blockTimeMs } : {}),
        memPool: { order: 'Priority' },
      },
      networkId: chainId,
      observability: {},
      // EDR's OP chain charges an eth_call's L1 data fee to its sender, by default the first
      // owned account: a caller of its own (index 20) keeps every demo balance as it is.
      ownedAccounts: [accounts[20], ...accounts.slice(0, 20)].map((account) => account.key),
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => undefined },
    { subscriptionCallback: (event) => provider.onEvent(event) },
    edr.ContractDecoder.withContracts({}),
  );
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port, provider });
  const { address, port: bound } = await server.listen();
  console.log(
    `Started HTTP and WebSocket JSON-RPC server at http://${address}:${bound}/ (OP Stack, chain id ${chainId})`,
  );
}

main().catch((error) => {
  console.error(error?.message ?? String(error));
  process.exit(1);
});
