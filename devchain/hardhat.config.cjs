// Hardhat configuration for Cairn's embedded local chain. Only the in-process Hardhat Network is
// used (through devchain/node-process.cjs); nothing here compiles or deploys. The values come
// from the environment so tests can start nodes with another chain id or block time.
const path = require('node:path');

const chainId = Number(process.env.CAIRN_CHAIN_ID ?? 31337);
const blockTimeMs = Number(process.env.CAIRN_BLOCK_TIME_MS ?? 0);
const genesisDate = process.env.CAIRN_GENESIS_DATE;
// 'berlin' gives a chain without EIP-1559 base fees (legacy gas prices), for tests.
const hardfork = process.env.CAIRN_HARDFORK || undefined;
const legacy = hardfork !== undefined && ['berlin', 'istanbul', 'muirGlacier', 'petersburg'].includes(hardfork);

/** @type {import('hardhat/types').HardhatUserConfig} */
module.exports = {
  paths: {
    root: __dirname,
    cache: path.join(__dirname, '.cache', 'hardhat'),
    artifacts: path.join(__dirname, '.cache', 'hardhat-artifacts'),
    sources: path.join(__dirname, 'contracts'),
  },
  networks: {
    hardhat: {
      chainId,
      // The well-known public Hardhat test mnemonic. Its keys are public: local chain only.
      accounts: {
        mnemonic: 'test test test test test test test test test test test junk',
        count: 20,
        accountsBalance: '10000000000000000000000',
      },
      mining: {
        auto: true,
        interval: Math.max(blockTimeMs, 0),
      },
      ...(hardfork ? { hardfork } : {}),
      ...(legacy ? {} : { initialBaseFeePerGas: 1_000_000_000 }),
      ...(genesisDate ? { initialDate: genesisDate } : {}),
      loggingEnabled: false,
    },
  },
};
