// Runs a Hardhat node inside this process, bound to 127.0.0.1 only. It is started by
// devchain/chain.ts with an IPC channel and exits as soon as that channel closes, so a crashed
// or killed parent never leaves an orphan node behind.
const path = require('node:path');

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`node-process: invalid port ${process.argv[2]}`);
  process.exit(2);
}

process.env.HARDHAT_CONFIG = path.join(__dirname, 'hardhat.config.cjs');
process.env.HARDHAT_DISABLE_TELEMETRY_PROMPT = 'true';

process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));

const hre = require('hardhat');
hre.run('node', { hostname: '127.0.0.1', port }).catch((error) => {
  console.error(error?.message ?? String(error));
  process.exit(1);
});
