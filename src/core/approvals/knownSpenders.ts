import { type Address, getAddress } from 'viem';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { type Message, msg } from '../i18n/message';

/** A contract people commonly approve, named with where its address was published. */
export type KnownSpender = { address: Address; name: string; source: Message };

// Addresses are facts taken from each project's own published deployment lists; each entry
// names its source (repository and file, or documentation page) so anyone can check it.
const UNISWAP_DOCS = msg('core.chain:spenders.source.uniswapDocs');
const UNIVERSAL_ROUTER = msg('core.chain:spenders.source.universalRouter');
const ZERO_EX = msg('core.chain:spenders.source.zeroEx');
const ZERO_EX_SETTLER = msg('core.chain:spenders.source.zeroExSettler');
const ONE_INCH_V6 = msg('core.chain:spenders.source.oneInchV6');
const SEAPORT = msg('core.chain:spenders.source.seaport');
const OPENSEA_CONDUIT = msg('core.chain:spenders.source.openseaConduit');

type Row = [name: string, source: Message, byChain: Partial<Record<number, string>>];

const ETHEREUM = 1;
const OPTIMISM = 10;
const ARBITRUM = 42161;
const BASE = 8453;
const POLYGON = 137;
const SEPOLIA = 11155111;
const MAINNETS = [ETHEREUM, OPTIMISM, ARBITRUM, BASE, POLYGON];
const everywhere = (address: string, chains = [...MAINNETS, SEPOLIA]) =>
  Object.fromEntries(chains.map((chain) => [chain, address]));

const ROWS: Row[] = [
  ['Uniswap Permit2', msg('core.chain:spenders.source.permit2'), everywhere(PERMIT2_ADDRESS)],
  [
    'Uniswap V2 Router',
    UNISWAP_DOCS,
    {
      [ETHEREUM]: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
      [OPTIMISM]: '0x4A7b5Da61326A6379179b40d00F57E5bbDC962c2',
      [ARBITRUM]: '0x4752ba5dbc23f44d87826276bf6fd6b1c372ad24',
      [BASE]: '0x4752ba5dbc23f44d87826276bf6fd6b1c372ad24',
      [POLYGON]: '0xedf6066a2b290C185783862C7F4776A2C8077AD1',
      [SEPOLIA]: '0xeE567Fe1712Faf6149d80dA1E6934E354124CfE3',
    },
  ],
  [
    'Uniswap V3 SwapRouter',
    UNISWAP_DOCS,
    everywhere('0xE592427A0AEce92De3Edee1F18E0157C05861564', [ETHEREUM, OPTIMISM, ARBITRUM, POLYGON]),
  ],
  [
    'Uniswap SwapRouter02',
    UNISWAP_DOCS,
    {
      ...everywhere('0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45', [ETHEREUM, OPTIMISM, ARBITRUM, POLYGON]),
      [BASE]: '0x2626664c2603336E57B271c5C0b26F421741e481',
      [SEPOLIA]: '0x3bFA4769FB09eefC5a80d6E87c3B9C650f7Ae48E',
    },
  ],
  [
    'Uniswap Universal Router',
    UNIVERSAL_ROUTER,
    {
      [ETHEREUM]: '0x66a9893cc07d91d95644aedd05d03f95e1dba8af',
      [OPTIMISM]: '0x851116d9223fabed8e56c0e6b8ad0c31d98b3507',
      [ARBITRUM]: '0xa51afafe0263b40edaef0df8781ea9aa03e381a3',
      [BASE]: '0x6ff5693b99212da76ad316178a184ab56d299b43',
      [POLYGON]: '0x1095692a6237d83c6a72f3f5efedb9a670c49223',
      [SEPOLIA]: '0x3a9d48ab9751398bbfa63ad67599bb04e4bdf98b',
    },
  ],
  [
    'Uniswap Universal Router (v2.1.1)',
    UNIVERSAL_ROUTER,
    {
      [ETHEREUM]: '0x4C82D1fBFe28C977cBB58D8C7FF8FCF9F70a2cCA',
      [OPTIMISM]: '0x8B844f885672f333Bc0042cB669255f93a4C1E6b',
      [ARBITRUM]: '0x8B844f885672f333Bc0042cB669255f93a4C1E6b',
      [BASE]: '0xFdf682F51FE81Aa4898F0AE2163d8A55c127fbC7',
      [POLYGON]: '0x8B844f885672f333Bc0042cB669255f93a4C1E6b',
      [SEPOLIA]: '0x7DfD4F31be6814D2906BDE155c3e1B146EAc1468',
    },
  ],
  [
    '0x Exchange Proxy',
    ZERO_EX,
    {
      ...everywhere('0xdef1c0ded9bec7f1a1670819833240f027b25eff', [ETHEREUM, ARBITRUM, BASE, POLYGON, SEPOLIA]),
      [OPTIMISM]: '0xdef1abe32c034e558cdd535791643c58a13acc10',
    },
  ],
  ['0x AllowanceHolder', ZERO_EX_SETTLER, everywhere('0x0000000000001fF3684f28c67538d4D072C22734')],
  ['1inch Aggregation Router v6', ONE_INCH_V6, everywhere('0x111111125421cA6dc452d289314280a0f8842A65', MAINNETS)],
  [
    '1inch Aggregation Router v5',
    msg('core.chain:spenders.source.oneInchDocs'),
    { [ETHEREUM]: '0x1111111254EEB25477B68fb85Ed929f73A960582' },
  ],
  ['OpenSea Seaport 1.6', SEAPORT, everywhere('0x0000000000000068F116a894984e2DB1123eB395')],
  ['OpenSea Seaport 1.5', SEAPORT, everywhere('0x00000000000000ADc04C56Bf30aC9d3c0aAF14dC')],
  ['OpenSea conduit', OPENSEA_CONDUIT, everywhere('0x1E0049783F008A0085193E00003D00cd54003c71')],
];

const BY_CHAIN = new Map<number, Map<string, KnownSpender>>();
for (const [name, source, byChain] of ROWS) {
  for (const [chain, raw] of Object.entries(byChain)) {
    if (!raw) continue;
    const address = getAddress(raw);
    const known = BY_CHAIN.get(Number(chain)) ?? new Map<string, KnownSpender>();
    known.set(address.toLowerCase(), { address, name, source });
    BY_CHAIN.set(Number(chain), known);
  }
}

/** The well-known contract at `address` on `chainId`, if Cairn's bundled list names it. */
export function knownSpender(chainId: number, address: Address): KnownSpender | undefined {
  return BY_CHAIN.get(chainId)?.get(address.toLowerCase());
}
