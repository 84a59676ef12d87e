import fc from 'fast-check';
import { stringToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, DAI, read, refusal } from '../../testing/personRequestReaders';
import { MAX_INITCODE_BYTES } from '../offline/intrinsicGas';
import { personRequestOf } from './personRequests';
import { isProviderError, PROVIDER_ERROR_CODES } from './providerErrors';
import { type DappRequest, PERSON_METHODS } from './request';

describe('connection requests', () => {
  it('asks for accounts with nothing to read', () => {
    expect(read('eth_requestAccounts', [])).toEqual({ method: 'eth_requestAccounts' });
    expect(read('eth_requestAccounts', [{ anything: 1 }])).toEqual({ method: 'eth_requestAccounts' });
  });

  it('grants only the eth_accounts permission', () => {
    expect(read('wallet_requestPermissions', [{ eth_accounts: {} }])).toEqual({ method: 'wallet_requestPermissions' });
    refusal('wallet_requestPermissions', [{ eth_sign: {} }], 'eth_accounts');
    refusal('wallet_requestPermissions', [{}], 'eth_accounts');
    refusal('wallet_requestPermissions', [], 'The first parameter must be an object.');
    refusal('wallet_requestPermissions', ['eth_accounts'], 'The first parameter');
  });

  it('does not take eth_accounts inherited from an object prototype', () => {
    refusal('wallet_requestPermissions', [Object.create({ eth_accounts: {} })], 'eth_accounts');
  });
});

describe('personal_sign', () => {
  it('keeps a hex message as its bytes and checksums the signer', () => {
    expect(read('personal_sign', ['0x68656c6c6f', ALICE.toLowerCase()])).toEqual({
      method: 'personal_sign',
      account: ALICE,
      message: '0x68656c6c6f',
    });
    expect(read('personal_sign', ['0x', ALICE])).toMatchObject({ message: '0x' });
  });

  it('turns a text message into its UTF-8 bytes', () => {
    expect(read('personal_sign', ['hello', ALICE])).toMatchObject({ message: '0x68656c6c6f' });
    expect(read('personal_sign', ['Sign in to app.example ✓', ALICE])).toMatchObject({
      message: stringToHex('Sign in to app.example ✓'),
    });
    // Not whole bytes: read as the text it is.
    expect(read('personal_sign', ['0xabc', ALICE])).toMatchObject({ message: stringToHex('0xabc') });
    expect(read('personal_sign', ['', ALICE])).toMatchObject({ message: '0x' });
  });

  it('refuses a missing message or signer, naming which', () => {
    refusal('personal_sign', [], 'personal_sign needs the message');
    refusal('personal_sign', [42, ALICE], 'personal_sign needs the message');
    refusal('personal_sign', { message: '0x68', address: ALICE }, 'personal_sign needs the message');
    refusal('personal_sign', ['0x68'], 'The second parameter must be an address');
    refusal('personal_sign', ['0x68', '0x1234'], 'The second parameter must be an address');
    // The old order (address first) leaves no address second.
    refusal('personal_sign', [ALICE, 'hello'], 'The second parameter must be an address');
  });
});

describe('eth_signTypedData_v4 and _v3', () => {
  const typed = {
    types: { EIP712Domain: [{ name: 'name', type: 'string' }], Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    domain: { name: 'Example' },
    message: { contents: 'Hello' },
  };

  it('takes the typed data as a JSON string or as an object', () => {
    for (const method of ['eth_signTypedData_v4', 'eth_signTypedData_v3'] as const) {
      expect(read(method, [ALICE.toLowerCase(), JSON.stringify(typed)])).toEqual({
        method,
        account: ALICE,
        typedData: JSON.stringify(typed),
      });
      expect(read(method, [ALICE, typed])).toEqual({ method, account: ALICE, typedData: JSON.stringify(typed) });
    }
  });

  it('refuses a missing signer or typed data, naming which', () => {
    refusal('eth_signTypedData_v4', [ALICE], 'eth_signTypedData_v4 needs the typed data (JSON) second');
    refusal('eth_signTypedData_v3', [ALICE, 7], 'eth_signTypedData_v3 needs the typed data (JSON) second');
    refusal('eth_signTypedData_v4', [ALICE, null], 'needs the typed data');
    refusal('eth_signTypedData_v4', ['alice', typed], 'The first parameter must be an address');
    refusal('eth_signTypedData_v4', [typed, ALICE], /needs the typed data|The first parameter must be an address/);
  });
});

describe('eth_sendTransaction', () => {
  it('reads the call: checksummed addresses, quantities as bigint, data as hex', () => {
    expect(
      read('eth_sendTransaction', [
        {
          from: ALICE.toLowerCase(),
          to: DAI.toLowerCase(),
          value: '0xde0b6b3a7640000',
          gas: '0x5208',
          data: '0xa9059cbb',
        },
      ]),
    ).toEqual({
      method: 'eth_sendTransaction',
      account: ALICE,
      call: { to: DAI, value: 10n ** 18n, data: '0xa9059cbb', gas: 21_000n },
    });
  });

  it('reads a deployment (no to), a plain transfer (no data) and no value as zero', () => {
    expect(read('eth_sendTransaction', [{ from: ALICE, data: '0x6080' }])).toMatchObject({
      call: { to: undefined, value: 0n, data: '0x6080' },
    });
    expect(read('eth_sendTransaction', [{ from: ALICE, to: null, data: '0x6080' }])).toMatchObject({
      call: { to: undefined },
    });
    expect(read('eth_sendTransaction', [{ from: ALICE, to: BOB, value: '0x1' }])).toMatchObject({
      call: { to: BOB, value: 1n, data: '0x' },
    });
    expect(read('eth_sendTransaction', [{ from: ALICE, to: BOB, value: null }])).toMatchObject({ call: { value: 0n } });
  });

  it('leaves the gas out when the site gives none, so Cairn estimates it', () => {
    const request = read('eth_sendTransaction', [{ from: ALICE, to: BOB }]);
    expect(request.method === 'eth_sendTransaction' && 'gas' in request.call).toBe(false);
  });

  it(// BUG (personRequests.ts call(), the `if (tx.gas !== undefined)` line): `gas: null` (what some
  // libraries send for "not set") becomes a gas limit of 0 through quantity(), a transaction that
  // cannot be mined, instead of no gas (estimate).
  'reads gas: null as no gas given', () => {
    const request = read('eth_sendTransaction', [{ from: ALICE, to: BOB, gas: null }]);
    expect(request.method === 'eth_sendTransaction' && 'gas' in request.call).toBe(false);
  });

  it('takes input as another name for data, data first', () => {
    expect(read('eth_sendTransaction', [{ from: ALICE, to: BOB, input: '0x1234' }])).toMatchObject({
      call: { data: '0x1234' },
    });
    expect(read('eth_sendTransaction', [{ from: ALICE, to: BOB, data: '0xaa', input: '0xbb' }])).toMatchObject({
      call: { data: '0xaa' },
    });
  });

  it('refuses each wrong field, naming it', () => {
    const tx = { from: ALICE, to: BOB };
    refusal('eth_sendTransaction', [], 'The transaction must be an object.');
    refusal('eth_sendTransaction', [[tx]], 'The transaction must be an object.');
    refusal('eth_sendTransaction', tx, 'The transaction must be an object.');
    refusal('eth_sendTransaction', [{ to: BOB }], 'The transaction’s from must be an address');
    refusal('eth_sendTransaction', [{ ...tx, from: 'me' }], 'The transaction’s from must be an address');
    refusal('eth_sendTransaction', [{ ...tx, to: '0x1234' }], 'The transaction.to must be an address');
    refusal('eth_sendTransaction', [{ ...tx, value: 1 }], 'The transaction.value must be a hex quantity');
    refusal('eth_sendTransaction', [{ ...tx, value: '1000' }], 'The transaction.value must be a hex quantity');
    refusal('eth_sendTransaction', [{ ...tx, value: '0x' }], 'The transaction.value must be a hex quantity');
    refusal('eth_sendTransaction', [{ ...tx, value: `0x1${'0'.repeat(64)}` }], 'The transaction.value');
    refusal('eth_sendTransaction', [{ ...tx, gas: 21_000 }], 'The transaction.gas must be a hex quantity');
    refusal('eth_sendTransaction', [{ ...tx, data: '0xabc' }], 'The transaction.data must be hex bytes');
    refusal('eth_sendTransaction', [{ ...tx, data: 'transfer' }], 'The transaction.data must be hex bytes');
    refusal('eth_sendTransaction', [{ ...tx, input: 42 }], 'The transaction.data must be hex bytes');
  });

  it('refuses a creation without init code, with init code that is not hex, or too large (EIP-3860)', () => {
    refusal('eth_sendTransaction', [{ from: ALICE }], 'The transaction has no to address and no data');
    refusal('eth_sendTransaction', [{ from: ALICE, to: null, data: '0x' }], 'no to address and no data');
    refusal('eth_sendTransaction', [{ from: ALICE, data: '0x60z0' }], 'The transaction.data must be hex bytes');
    const largest = `0x${'00'.repeat(MAX_INITCODE_BYTES)}` as const;
    expect(read('eth_sendTransaction', [{ from: ALICE, data: largest }])).toMatchObject({ call: { to: undefined } });
    refusal('eth_sendTransaction', [{ from: ALICE, data: `${largest}00` }], 'init code of 49153 bytes: at most 49152');
    // A call to an address may carry any data: the limit is the creation's.
    expect(read('eth_sendTransaction', [{ from: ALICE, to: BOB, data: `${largest}00` }])).toMatchObject({
      call: { to: BOB },
    });
  });
});

describe('wallet_switchEthereumChain', () => {
  it('reads the chain id', () => {
    expect(read('wallet_switchEthereumChain', [{ chainId: '0x1' }])).toEqual({
      method: 'wallet_switchEthereumChain',
      chainId: 1,
    });
    expect(read('wallet_switchEthereumChain', [{ chainId: '0xaa36a7' }])).toMatchObject({ chainId: 11_155_111 });
    expect(read('wallet_switchEthereumChain', [{ chainId: '0xAA36A7' }])).toMatchObject({ chainId: 11_155_111 });
  });

  it('refuses a chain id that is not hex, zero or too large, naming chainId', () => {
    for (const chainId of [1, '1', '0x', '0x0', '0x000', `0x${'f'.repeat(14)}`, undefined, null]) {
      refusal('wallet_switchEthereumChain', [{ chainId }], 'chainId must be a chain id in hex');
    }
    refusal('wallet_switchEthereumChain', [], 'The first parameter must be an object.');
    refusal('wallet_switchEthereumChain', ['0x1'], 'The first parameter must be an object.');
  });
});

describe('wallet_addEthereumChain', () => {
  const chain = {
    chainId: '0x67932',
    chainName: '  Devnet  ',
    rpcUrls: ['https://rpc.devnet.example'],
    nativeCurrency: { name: 'Dev Ether', symbol: 'DEV', decimals: 18 },
    blockExplorerUrls: ['https://scan.devnet.example'],
  };

  it('reads the chain, trimmed', () => {
    expect(read('wallet_addEthereumChain', [chain])).toEqual({
      method: 'wallet_addEthereumChain',
      chain: {
        chainId: 424_242,
        chainName: 'Devnet',
        rpcUrls: ['https://rpc.devnet.example'],
        nativeCurrency: { name: 'Dev Ether', symbol: 'DEV', decimals: 18 },
        blockExplorerUrls: ['https://scan.devnet.example'],
      },
    });
  });

  it('names the coin after its symbol when no name is given, and takes no explorer as none', () => {
    const { blockExplorerUrls: _explorers, ...bare } = chain;
    expect(
      read('wallet_addEthereumChain', [{ ...bare, nativeCurrency: { symbol: 'DEV', decimals: 18 } }]),
    ).toMatchObject({ chain: { nativeCurrency: { name: 'DEV', symbol: 'DEV', decimals: 18 }, blockExplorerUrls: [] } });
  });

  it('keeps at most five RPC URLs and cuts long names', () => {
    const urls = Array.from({ length: 8 }, (_, i) => `https://rpc${i}.devnet.example`);
    const request = read('wallet_addEthereumChain', [{ ...chain, rpcUrls: urls, chainName: 'x'.repeat(100) }]);
    expect(request).toMatchObject({ chain: { rpcUrls: urls.slice(0, 5), chainName: 'x'.repeat(64) } });
  });

  it('refuses each missing or wrong field, naming it', () => {
    const { rpcUrls: _rpc, ...noRpc } = chain;
    refusal('wallet_addEthereumChain', [noRpc], 'rpcUrls must name at least one RPC URL.');
    refusal('wallet_addEthereumChain', [{ ...chain, rpcUrls: [] }], 'rpcUrls must name at least one RPC URL.');
    refusal(
      'wallet_addEthereumChain',
      [{ ...chain, rpcUrls: 'https://rpc.example' }],
      'rpcUrls must be a list of URLs.',
    );
    refusal('wallet_addEthereumChain', [{ ...chain, rpcUrls: [7] }], 'rpcUrls must be a list of URLs.');
    for (const decimals of [6, 0, '18', undefined]) {
      refusal(
        'wallet_addEthereumChain',
        [{ ...chain, nativeCurrency: { ...chain.nativeCurrency, decimals } }],
        'nativeCurrency.decimals must be 18',
      );
    }
    const { symbol: _symbol, ...noSymbol } = chain.nativeCurrency;
    refusal('wallet_addEthereumChain', [{ ...chain, nativeCurrency: noSymbol }], 'nativeCurrency.symbol is missing.');
    refusal(
      'wallet_addEthereumChain',
      [{ ...chain, nativeCurrency: { ...chain.nativeCurrency, symbol: '   ' } }],
      'nativeCurrency.symbol is missing.',
    );
    refusal('wallet_addEthereumChain', [{ ...chain, nativeCurrency: 'ETH' }], 'nativeCurrency must be an object.');
    refusal('wallet_addEthereumChain', [{ ...chain, chainName: undefined }], 'chainName is missing.');
    refusal('wallet_addEthereumChain', [{ ...chain, chainName: '  ' }], 'chainName is missing.');
    refusal('wallet_addEthereumChain', [{ ...chain, chainId: '0x0' }], 'chainId must be a chain id in hex');
    refusal('wallet_addEthereumChain', [{ ...chain, chainId: 424_242 }], 'chainId must be a chain id in hex');
    refusal('wallet_addEthereumChain', [{ ...chain, blockExplorerUrls: [null] }], 'blockExplorerUrls must be a list');
    refusal('wallet_addEthereumChain', [], 'The first parameter must be an object.');
  });
});

describe('wallet_watchAsset', () => {
  const asset = { type: 'ERC20', options: { address: DAI.toLowerCase(), symbol: 'DAI', decimals: 18 } };

  it('reads an ERC20 token, its params as EIP-747’s object or in a list', () => {
    const expected = { method: 'wallet_watchAsset', token: DAI, claimed: { symbol: 'DAI', decimals: 18 } };
    expect(read('wallet_watchAsset', asset)).toEqual(expected);
    expect(read('wallet_watchAsset', [asset])).toEqual(expected);
  });

  it('keeps what the site claims only when it is of the right type, and cuts a long symbol', () => {
    expect(read('wallet_watchAsset', { type: 'ERC20', options: { address: DAI } })).toMatchObject({ claimed: {} });
    expect(
      read('wallet_watchAsset', { type: 'ERC20', options: { address: DAI, symbol: 7, decimals: 1.5 } }),
    ).toMatchObject({ claimed: {} });
    expect(
      read('wallet_watchAsset', { type: 'ERC20', options: { address: DAI, symbol: 'S'.repeat(40), decimals: '18' } }),
    ).toMatchObject({ claimed: { symbol: 'S'.repeat(32) } });
  });

  it('refuses other asset types and a wrong address, naming them', () => {
    for (const type of ['ERC721', 'ERC1155', 'erc20', undefined]) {
      refusal('wallet_watchAsset', { ...asset, type }, 'Cairn watches ERC20 tokens only');
    }
    refusal('wallet_watchAsset', { type: 'ERC20' }, 'options must be an object.');
    refusal('wallet_watchAsset', { type: 'ERC20', options: { symbol: 'DAI' } }, 'options.address must be an address');
    refusal(
      'wallet_watchAsset',
      { type: 'ERC20', options: { address: '0xdai' } },
      'options.address must be an address',
    );
    refusal('wallet_watchAsset', ['ERC20'], 'The parameters must be an object.');
  });
});

describe('any request for the person', () => {
  it('does not read a method that needs nobody', () => {
    refusal('eth_accounts', [], 'eth_accounts is not a request for the person.');
  });

  it('never throws, and every refusal is -32602 with a sentence', () => {
    const value = fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true });
    const params: fc.Arbitrary<DappRequest['params']> = fc.oneof(
      fc.array(value, { maxLength: 4 }),
      fc.dictionary(fc.string(), value),
      // Near-misses of the real shapes: right keys, anything in them.
      fc.array(
        fc.record(
          {
            from: fc.oneof(fc.constant(ALICE), value),
            to: fc.oneof(fc.constant(BOB), value),
            value: fc.oneof(fc.constant('0x1'), value),
            gas: value,
            data: fc.oneof(fc.constant('0x'), value),
            input: value,
            chainId: fc.oneof(fc.constant('0x1'), value),
            calls: fc.oneof(fc.array(value), value),
            chainName: value,
            rpcUrls: value,
            nativeCurrency: value,
            type: fc.oneof(fc.constant('ERC20'), value),
            options: value,
            eth_accounts: value,
          },
          { requiredKeys: [] },
        ),
        { maxLength: 2 },
      ),
      fc.tuple(fc.oneof(fc.string(), value), fc.oneof(fc.constant(ALICE), value)),
    );
    fc.assert(
      fc.property(fc.constantFrom(...PERSON_METHODS), params, (method, p) => {
        const result = personRequestOf({ method, params: p });
        if (!result.ok) {
          expect(isProviderError(result.error)).toBe(true);
          expect(result.error.code).toBe(PROVIDER_ERROR_CODES.invalidParams);
          expect(result.error.message).toMatch(/\.$/);
        }
      }),
    );
  });
});
