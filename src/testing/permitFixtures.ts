// Typed data that hands over tokens, written by hand in the shape real apps send, as JSON text
// would carry it (integers as strings). Each names the source of its types.

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SPENDER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'; // Uniswap's Universal Router on mainnet
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
export const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
export const UINT160_MAX = ((1n << 160n) - 1n).toString();
export const UINT256_MAX = ((1n << 256n) - 1n).toString();
const DOMAIN_TYPES = [
  { name: 'name', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];
const FULL_DOMAIN_TYPES = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

/** EIP-2612 (eips.ethereum.org/EIPS/eip-2612): USDC's domain (name "USD Coin", version "2"). */
export function eip2612Permit(options: { token?: string; chainId?: number; value: string; deadline: string }) {
  return {
    types: {
      EIP712Domain: FULL_DOMAIN_TYPES,
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: 'USD Coin', version: '2', chainId: options.chainId ?? 1, verifyingContract: options.token ?? USDC },
    message: { owner: OWNER, spender: SPENDER, value: options.value, nonce: '0', deadline: options.deadline },
  };
}

/** DAI's permit (makerdao/dss src/dai.sol): domain "Dai Stablecoin", version "1". */
export function daiPermit(options: { allowed: boolean; expiry: string }) {
  return {
    types: {
      EIP712Domain: FULL_DOMAIN_TYPES,
      Permit: [
        { name: 'holder', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'expiry', type: 'uint256' },
        { name: 'allowed', type: 'bool' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: 'Dai Stablecoin', version: '1', chainId: 1, verifyingContract: DAI },
    message: { holder: OWNER, spender: SPENDER, nonce: '3', expiry: options.expiry, allowed: options.allowed },
  };
}

const PERMIT_DETAILS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
];
const TOKEN_PERMISSIONS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
];

/** Permit2 PermitSingle (Uniswap/permit2 src/libraries/PermitHash.sol), as the Uniswap app asks for it. */
export function permit2Single(options: {
  token?: string;
  amount: string;
  expiration: string;
  sigDeadline: string;
  chainId?: number;
  contract?: string;
  spender?: string;
}) {
  return {
    types: {
      EIP712Domain: DOMAIN_TYPES,
      PermitSingle: [
        { name: 'details', type: 'PermitDetails' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: PERMIT_DETAILS,
    },
    primaryType: 'PermitSingle',
    domain: { name: 'Permit2', chainId: options.chainId ?? 1, verifyingContract: options.contract ?? PERMIT2 },
    message: {
      details: { token: options.token ?? USDC, amount: options.amount, expiration: options.expiration, nonce: '0' },
      spender: options.spender ?? SPENDER,
      sigDeadline: options.sigDeadline,
    },
  };
}

/** Permit2 PermitBatch: two tokens, one spender. */
export function permit2Batch(expiration: string) {
  return {
    types: {
      EIP712Domain: DOMAIN_TYPES,
      PermitBatch: [
        { name: 'details', type: 'PermitDetails[]' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: PERMIT_DETAILS,
    },
    primaryType: 'PermitBatch',
    domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
    message: {
      details: [
        { token: USDC, amount: '1000000', expiration, nonce: '1' },
        { token: DAI, amount: UINT160_MAX, expiration, nonce: '0' },
      ],
      spender: SPENDER,
      sigDeadline: '1700000000',
    },
  };
}

/** Permit2 PermitTransferFrom (ISignatureTransfer): one transfer of 250 USDC. */
export function permit2Transfer(deadline: string) {
  return {
    types: {
      EIP712Domain: DOMAIN_TYPES,
      PermitTransferFrom: [
        { name: 'permitted', type: 'TokenPermissions' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
      TokenPermissions: TOKEN_PERMISSIONS,
    },
    primaryType: 'PermitTransferFrom',
    domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
    message: { permitted: { token: USDC, amount: '250000000' }, spender: SPENDER, nonce: '7', deadline },
  };
}

/** Permit2 PermitBatchTransferFrom. */
export function permit2BatchTransfer(deadline: string) {
  return {
    types: {
      EIP712Domain: DOMAIN_TYPES,
      PermitBatchTransferFrom: [
        { name: 'permitted', type: 'TokenPermissions[]' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
      TokenPermissions: TOKEN_PERMISSIONS,
    },
    primaryType: 'PermitBatchTransferFrom',
    domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
    message: {
      permitted: [
        { token: USDC, amount: '5000000' },
        { token: DAI, amount: UINT256_MAX },
      ],
      spender: SPENDER,
      nonce: '8',
      deadline,
    },
  };
}

/**
 * Permit2 PermitWitnessTransferFrom with a UniswapX-style witness (the order signed along with the
 * transfer; UniswapX ExclusiveDutchOrder is the real one, shortened here).
 */
export function permit2WitnessTransfer(deadline: string) {
  return {
    types: {
      EIP712Domain: DOMAIN_TYPES,
      PermitWitnessTransferFrom: [
        { name: 'permitted', type: 'TokenPermissions' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
        { name: 'witness', type: 'LimitOrder' },
      ],
      LimitOrder: [
        { name: 'outputToken', type: 'address' },
        { name: 'minOutput', type: 'uint256' },
      ],
      TokenPermissions: TOKEN_PERMISSIONS,
    },
    primaryType: 'PermitWitnessTransferFrom',
    domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
    message: {
      permitted: { token: USDC, amount: '100000000' },
      spender: '0x6000da47483062A0D734Ba3dc7576Ce6A0B645C4', // UniswapX reactor
      nonce: '9',
      deadline,
      witness: { outputToken: DAI, minOutput: '99000000000000000000' },
    },
  };
}

const OFFER_ITEM = [
  { name: 'itemType', type: 'uint8' },
  { name: 'token', type: 'address' },
  { name: 'identifierOrCriteria', type: 'uint256' },
  { name: 'startAmount', type: 'uint256' },
  { name: 'endAmount', type: 'uint256' },
];
export const BAYC = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
export const FEE_RECIPIENT = '0x0000a26b00c1F0DF003000390027140000fAa719'; // OpenSea fees

/**
 * Seaport 1.6 OrderComponents (ProjectOpenSea/seaport-types ConsiderationStructs.sol): one BAYC
 * listed for 10 ETH, 2.5% fee to OpenSea. `consideration` replaces what comes back.
 */
export function seaportListing(options: { endTime: string; payBack?: 'none' | 'zero' | 'ether' }) {
  const payBack = options.payBack ?? 'ether';
  const toOfferer = { itemType: '0', token: '0x0000000000000000000000000000000000000000', identifierOrCriteria: '0' };
  const consideration = [
    ...(payBack === 'none'
      ? []
      : [
          payBack === 'zero'
            ? { ...toOfferer, startAmount: '0', endAmount: '0', recipient: OWNER }
            : { ...toOfferer, startAmount: '9750000000000000000', endAmount: '9750000000000000000', recipient: OWNER },
        ]),
    { ...toOfferer, startAmount: '250000000000000000', endAmount: '250000000000000000', recipient: FEE_RECIPIENT },
  ];
  return {
    types: {
      EIP712Domain: FULL_DOMAIN_TYPES,
      OrderComponents: [
        { name: 'offerer', type: 'address' },
        { name: 'zone', type: 'address' },
        { name: 'offer', type: 'OfferItem[]' },
        { name: 'consideration', type: 'ConsiderationItem[]' },
        { name: 'orderType', type: 'uint8' },
        { name: 'startTime', type: 'uint256' },
        { name: 'endTime', type: 'uint256' },
        { name: 'zoneHash', type: 'bytes32' },
        { name: 'salt', type: 'uint256' },
        { name: 'conduitKey', type: 'bytes32' },
        { name: 'counter', type: 'uint256' },
      ],
      OfferItem: OFFER_ITEM,
      ConsiderationItem: [...OFFER_ITEM, { name: 'recipient', type: 'address' }],
    },
    primaryType: 'OrderComponents',
    domain: {
      name: 'Seaport',
      version: '1.6',
      chainId: 1,
      verifyingContract: '0x0000000000000068F116a894984e2DB1123eB395',
    },
    message: {
      offerer: OWNER,
      zone: '0x0000000000000000000000000000000000000000',
      offer: [{ itemType: '2', token: BAYC, identifierOrCriteria: '1234', startAmount: '1', endAmount: '1' }],
      consideration,
      orderType: '0',
      startTime: '1700000000',
      endTime: options.endTime,
      zoneHash: `0x${'00'.repeat(32)}`,
      salt: '24446860302761739304752683030156737591518664810215442929818227897836383814680',
      conduitKey: '0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000',
      counter: '0',
    },
  };
}

export { DAI, OWNER, SPENDER, USDC, WETH };
