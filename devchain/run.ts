// `npm run chain`: only the seeded local chain, for working on the app with `npm run dev`.
import { parseArgs } from 'node:util';
import { parsePort } from '../scripts/serve/ports.ts';
import { startChain } from './chain.ts';
import { seedChain } from './seed.ts';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = parsePort(values.port ?? process.env.CAIRN_CHAIN_PORT ?? '8545', '--port / CAIRN_CHAIN_PORT');
const chain = await startChain({ port, genesisDate: new Date(Date.now() - 30 * 86_400_000) });
const manifest = await seedChain(chain.url);
console.log(`Local chain on ${chain.url} (chain id ${chain.chainId}), seeded to block ${manifest.blockNumber}.`);
console.log('Contracts:', manifest.contracts);
console.log('Press Ctrl-C to stop.');
const stop = () => void chain.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
