// `npm start`: builds the wallet and the sample dApp, starts the embedded local chain (a real
// Hardhat node on 127.0.0.1) and a local OP Stack chain beside it (from the same EDR), seeds them
// with demo tokens, an NFT collection and history, and serves
// the wallet and, on a port of its own (another origin), the sample dApp (examples/dapp).
// Both bind 127.0.0.1 only but are given as http://localhost:<port>: browsers refuse passkeys
// (WebAuthn) at an IP address, and localhost is a secure context as 127.0.0.1 is.
// Ctrl-C stops everything; the chain process also exits by itself if this one dies.
// The wallet is built signed, with a key of this computer's made on the first start and kept
// outside the repository, so the service worker that runs here is the one that checks signatures.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { type LocalChain, startChain, startOpChain } from '../../devchain/chain.ts';
import { seedOpChain } from '../../devchain/opSeed.ts';
import { seedChain } from '../../devchain/seed.ts';
import { groupedFingerprint } from '../../src/core/build/buildSignature.ts';
import { DEMO_MNEMONIC, LOCAL_OP_CHAIN_ID } from '../../src/core/chain/localChain.ts';
import { type RpcFaultProxy, startRpcFaultProxy } from '../../src/testing/rpcFaultProxy.ts';
import { ensureSigningKeyFile, signingKeysFromEnv, UNSIGNED_BUILD_ENV } from '../build/buildSigning.ts';
import { buildSampleDapp, sampleDappDist, startSampleDappServer } from './example-server.ts';
import { isPortFree, parsePort } from './ports.ts';
import { type StaticServer, startStaticServer } from './static-server.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const DAY_MS = 86_400_000;

type Settings = {
  appPort: number;
  chainPort: number;
  opChainPort: number;
  dappPort: number;
  blockTimeMs: number;
  opBlockTimeMs: number;
  build: boolean;
};

function readSettings(): Settings {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'chain-port': { type: 'string' },
      'op-chain-port': { type: 'string' },
      'op-block-time': { type: 'string' },
      'dapp-port': { type: 'string' },
      'block-time': { type: 'string' },
      'no-build': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(`Usage: npm start [-- --port 5173] [-- --chain-port 8545] [-- --dapp-port 5174] [-- --block-time 12]

  --port N        port of the wallet (env CAIRN_PORT, default 5173)
  --chain-port N  port of the local chain's JSON-RPC (env CAIRN_CHAIN_PORT, default 8545)
  --op-chain-port N
                  port of the local OP Stack chain's JSON-RPC (env CAIRN_OP_CHAIN_PORT,
                  default 9545)
  --op-block-time S
                  the OP chain's block time in seconds (env CAIRN_OP_BLOCK_TIME, default 2)
  --dapp-port N   port of the sample dApp (env CAIRN_DAPP_PORT, default 5174)
  --block-time S  also mine an empty block every S seconds; 0 = only when a transaction
                  arrives (env CAIRN_BLOCK_TIME, default 12)
  --no-build      serve the wallet and the sample dApp as the last start built them (the
                  extension keeps the wallet address it was built with)`);
    process.exit(0);
  }
  const pick = (flag: string | undefined, env: string, fallback: string) => flag ?? process.env[env] ?? fallback;
  const seconds = (text: string, flag: string) => {
    if (!/^\d+(\.\d+)?$/.test(text)) throw new Error(`${flag} must be a number of seconds, got "${text}".`);
    return Math.round(Number(text) * 1000);
  };
  return {
    appPort: parsePort(pick(values.port, 'CAIRN_PORT', '5173'), '--port / CAIRN_PORT'),
    chainPort: parsePort(pick(values['chain-port'], 'CAIRN_CHAIN_PORT', '8545'), '--chain-port / CAIRN_CHAIN_PORT'),
    opChainPort: parsePort(
      pick(values['op-chain-port'], 'CAIRN_OP_CHAIN_PORT', '9545'),
      '--op-chain-port / CAIRN_OP_CHAIN_PORT',
    ),
    dappPort: parsePort(pick(values['dapp-port'], 'CAIRN_DAPP_PORT', '5174'), '--dapp-port / CAIRN_DAPP_PORT'),
    blockTimeMs: seconds(pick(values['block-time'], 'CAIRN_BLOCK_TIME', '12'), '--block-time'),
    opBlockTimeMs: seconds(pick(values['op-block-time'], 'CAIRN_OP_BLOCK_TIME', '2'), '--op-block-time'),
    build: !values['no-build'],
  };
}

async function assertPortsFree(settings: Settings): Promise<void> {
  const checks = [
    { port: settings.chainPort, what: 'the local chain', flag: '--chain-port', env: 'CAIRN_CHAIN_PORT' },
    { port: settings.opChainPort, what: 'the local OP chain', flag: '--op-chain-port', env: 'CAIRN_OP_CHAIN_PORT' },
    { port: settings.appPort, what: 'the wallet', flag: '--port', env: 'CAIRN_PORT' },
    { port: settings.dappPort, what: 'the sample dApp', flag: '--dapp-port', env: 'CAIRN_DAPP_PORT' },
  ];
  const taken = new Set(checks.map((check) => check.port));
  for (const [index, check] of checks.entries()) {
    const other = checks.slice(index + 1).find((later) => later.port === check.port);
    if (other)
      throw new UserFacingError(`The ports of ${check.what} and ${other.what} must differ: both are ${check.port}.`);
  }
  for (const check of checks) {
    if (!(await isPortFree(check.port))) {
      let other = check.port + 1;
      while (taken.has(other)) other++;
      throw new UserFacingError(
        `Port ${check.port} on 127.0.0.1 is already in use, so ${check.what} cannot start.\n` +
          `Stop the program using it, or choose another port:\n` +
          `  ${check.env}=${other} npm start\n` +
          `  npm start -- ${check.flag} ${other}`,
      );
    }
  }
}

class UserFacingError extends Error {}

/** With --no-build: both builds must be there already. */
function assertBuilt(): void {
  const missing = [
    { file: join(projectRoot, 'dist', 'index.html'), what: 'the wallet' },
    { file: join(sampleDappDist, 'index.html'), what: 'the sample dApp' },
  ].filter(({ file }) => !existsSync(file));
  if (missing.length > 0)
    throw new UserFacingError(
      `There is no build of ${missing.map((m) => m.what).join(' or ')} to serve. Run npm start without --no-build once.`,
    );
}

/** Where `npm start` keeps its signing key: the user's configuration folder, never the repository. */
function defaultKeyFile(): string {
  const config =
    process.env.XDG_CONFIG_HOME ||
    (process.platform === 'win32' ? process.env.APPDATA : undefined) ||
    join(homedir(), '.config');
  return join(config, 'cairn', 'local-signing-key.pem');
}

/**
 * The key this computer's builds are signed with: CAIRN_SIGNING_KEY or CAIRN_SIGNING_KEY_FILE when
 * given, else a key made once in the user's configuration folder. Its fingerprint, for the banner.
 */
async function localSigningKey(): Promise<{ fingerprint: string; where: string }> {
  if (!process.env.CAIRN_SIGNING_KEY) {
    const file = process.env.CAIRN_SIGNING_KEY_FILE || defaultKeyFile();
    const inside = relative(projectRoot, file);
    if (!inside.startsWith('..') && !isAbsolute(inside))
      throw new UserFacingError(`The signing key must be kept outside the repository, not at ${file}.`);
    if (ensureSigningKeyFile(file)) console.log(`Made a signing key for this computer's builds: ${file}`);
    process.env.CAIRN_SIGNING_KEY_FILE = file;
  }
  // Signed, whatever the environment asks.
  delete process.env[UNSIGNED_BUILD_ENV];
  const keys = await signingKeysFromEnv();
  if (!keys) throw new Error('no signing key');
  return {
    fingerprint: keys.publisher.publicKey.fingerprint,
    where: process.env.CAIRN_SIGNING_KEY ? 'CAIRN_SIGNING_KEY' : (process.env.CAIRN_SIGNING_KEY_FILE ?? ''),
  };
}

async function main() {
  const settings = readSettings();
  await assertPortsFree(settings);

  let chain: LocalChain | undefined;
  let relay: RpcFaultProxy | undefined;
  let opChain: LocalChain | undefined;
  let opRelay: RpcFaultProxy | undefined;
  let server: StaticServer | undefined;
  let dappServer: StaticServer | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Cairn…');
    await dappServer?.close();
    await server?.close();
    await relay?.close();
    await opRelay?.close();
    await chain?.stop();
    await opChain?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGHUP', () => void stop(0));

  try {
    const key = await localSigningKey();
    if (settings.build) {
      console.log('Building the wallet…');
      // The companion extension (dist/extension/) talks to this wallet unless told otherwise.
      process.env.CAIRN_EXTENSION_WALLET ??= `http://localhost:${settings.appPort}/`;
      await build({ root: projectRoot, logLevel: 'warn' });
      console.log('Building the sample dApp…');
      await buildSampleDapp();
    } else {
      assertBuilt();
    }
    console.log(`Starting the local chain on 127.0.0.1:${settings.chainPort}…`);
    chain = await startChain({
      port: settings.chainPort,
      blockTimeMs: settings.blockTimeMs,
      genesisDate: new Date(Date.now() - 30 * DAY_MS),
    });
    const manifest = await seedChain(chain.url);
    // The same node again through a second port (the fault proxy of the tests, passing everything
    // as it is): the local chain lists two RPC URLs, so Cairn checks its balances against proofs
    // under a header both agree on, as on a network with two nodes (docs/verification.md).
    relay = await startRpcFaultProxy(chain.url);
    console.log(`Starting the local OP chain on 127.0.0.1:${settings.opChainPort}…`);
    opChain = await startOpChain({
      port: settings.opChainPort,
      blockTimeMs: settings.opBlockTimeMs,
      genesisDate: new Date(Date.now() - 30 * DAY_MS),
    });
    const opManifest = await seedOpChain(opChain.url);
    opRelay = await startRpcFaultProxy(opChain.url);
    server = await startStaticServer({
      root: `${projectRoot}dist`,
      port: settings.appPort,
      localRpcUrl: `${chain.url} ${relay.url}`,
      localOpRpcUrl: `${opChain.url} ${opRelay.url}`,
      devchain: true,
      urlHost: 'localhost',
    });
    dappServer = await startSampleDappServer({ port: settings.dappPort, walletUrl: server.url, urlHost: 'localhost' });
    printBanner({
      appUrl: server.url,
      dappUrl: dappServer.url,
      chain: {
        url: chain.url,
        relay: relay.url,
        transactions: manifest.history.length,
        blockTimeMs: settings.blockTimeMs,
      },
      opChain: {
        url: opChain.url,
        relay: opRelay.url,
        transactions: opManifest.history.length,
        blockTimeMs: settings.opBlockTimeMs,
      },
      key,
    });
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}`);
    await stop(1);
  }
}

type ChainFacts = { url: string; relay: string; transactions: number; blockTimeMs: number };

function printBanner({
  appUrl,
  dappUrl,
  chain,
  opChain,
  key,
}: {
  appUrl: string;
  dappUrl: string;
  chain: ChainFacts;
  opChain: ChainFacts;
  key: { fingerprint: string; where: string };
}) {
  const every = (ms: number) => (ms > 0 ? `, a block every ${ms / 1000} s` : '');
  const rule = '─'.repeat(72);
  console.log(`
${rule}
  Cairn is running.

  Wallet:       ${appUrl}
  Sample dApp:  ${dappUrl}  (loads Cairn's connector from the wallet)
  Extension:    ${projectRoot}dist/extension/  (load unpacked; talks to the wallet
                above; its MetaMask-only test page: ${dappUrl}legacy.html)
  Local chain:  ${chain.url}  (chain id 31337, ${chain.transactions} seeded transactions${every(chain.blockTimeMs)})
                and again through ${chain.relay}, so balances are checked by agreement
  Local OP chain: ${opChain.url}  (OP Stack, chain id ${LOCAL_OP_CHAIN_ID}, ${opChain.transactions} seeded
                transactions${every(opChain.blockTimeMs)}), and again through ${opChain.relay}
  Signed with:  ${groupedFingerprint(key.fingerprint)}
                (${key.where}; its service worker serves only builds this key signed)

  Demo recovery phrase (PUBLIC: for the local chain only):
    ${DEMO_MNEMONIC}

  !! Everyone knows this phrase and the keys it makes. Anything sent to
  !! these accounts on a real network is taken at once. Never use them
  !! outside this local chain.

  Press Ctrl-C to stop the wallet, the sample dApp and the chains.
${rule}`);
}

main().catch((error) => {
  console.error(error instanceof UserFacingError ? error.message : error);
  process.exit(1);
});
