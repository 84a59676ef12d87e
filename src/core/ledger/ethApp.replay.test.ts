// The APDU layer against exchanges recorded from Ledger devices (and Ledger's emulator) in public
// test fixtures (src/testing/vectors/ledger: sources and licences in its README), replayed with
// Ledger's own transport mocker: every APDU Cairn sends must be the recorded one, byte for byte.
import { openTransportReplayer, RecordStore } from '@ledgerhq/hw-transport-mocker';
import { hexToBytes, keccak256, recoverAddress, serializeSignature } from 'viem';
import { describe, expect, it } from 'vitest';
import exchanges from '@/testing/vectors/ledger/eth-apdus.json';
import { DeviceError } from '../errors/device';
import {
  type Exchange,
  getAppConfiguration,
  getLedgerAddress,
  pathBytes,
  signLedgerMessage,
  signLedgerTransaction,
  signLedgerTypedDataHashes,
} from './ethApp';

type Recorded = (typeof exchanges)[number];
const strip = (hex: string) => hex.replace(/^0x/, '');
const bytes = (text: string) => hexToBytes(`0x${text.replace(/^0x/, '')}`);

/** An Exchange that answers exactly what was recorded, and fails on any other APDU or one too many. */
async function replay(recorded: Recorded): Promise<{ exchange: Exchange; done: () => void }> {
  const store = RecordStore.fromString(recorded.apdus.join('\n'));
  const transport = await openTransportReplayer(store);
  return {
    exchange: async (apdu) => new Uint8Array(await transport.exchange(Buffer.from(apdu))),
    done: () => store.ensureQueueEmpty(),
  };
}

const of = (operation: string) => exchanges.filter((x) => x.operation === operation && !('vCaveat' in x));
const path = (x: Recorded) => `m/${String((x.inputs as { path: string }).path).replace(/\/$/, '')}`;

describe('the Ledger Ethereum app, replayed', () => {
  it('reads the app configuration', async () => {
    const [recorded] = of('getAppConfiguration');
    if (!recorded) throw new Error('no fixture');
    const { exchange, done } = await replay(recorded);
    expect(await getAppConfiguration(exchange)).toEqual({
      blindSigning: true,
      erc20Provisioning: false,
      version: '1.1.6',
    });
    done();
  });

  // Ledger Live's own recordings also send a chain id with the path; Cairn sends the path alone.
  it.each(
    of('getAddress').filter(
      (x) => (x.expected as { address?: string }).address && !(x.inputs as { chainId?: string }).chainId,
    ),
  )('gets the address: $name', async (recorded) => {
    const inputs = recorded.inputs as { display: boolean; chainCode: boolean };
    const { exchange, done } = await replay(recorded);
    const result = await getLedgerAddress(exchange, path(recorded), {
      display: inputs.display,
      chainCode: inputs.chainCode,
    });
    const expected = recorded.expected as { address: string; publicKey: string; chainCode?: string };
    expect(result.address).toBe(expected.address);
    expect(strip(result.publicKey)).toBe(strip(expected.publicKey));
    if (expected.chainCode) expect(strip(result.chainCode ?? '')).toBe(strip(expected.chainCode));
    done();
  });

  // Fixtures whose first APDU is the transaction's own (not ERC-20 information provided first).
  const transactions = [
    ...of('signLegacyTransaction'),
    ...of('signEip1559Transaction'),
    ...of('signEip2930Transaction'),
  ].filter(
    (x) =>
      (x.inputs as { rawTx?: string }).rawTx &&
      strip(x.apdus[0] ?? '')
        .replace(/^=>\s*/, '')
        .startsWith('e004'),
  );
  it.each(transactions)('signs a transaction in the recorded chunks: $name', async (recorded) => {
    const { rawTx } = recorded.inputs as { rawTx: string };
    const expected = recorded.expected as { r?: string; s?: string };
    const { exchange, done } = await replay(recorded);
    const signature = await signLedgerTransaction(exchange, path(recorded), `0x${strip(rawTx)}`);
    done();
    if (expected.r) expect([strip(signature.r), strip(signature.s)]).toEqual([expected.r, expected.s]);
    // The recovery bit read from the app's v byte gives back the signer the fixture's reply stands for.
    const signer = await recoverAddress({ hash: keccak256(`0x${strip(rawTx)}`), signature });
    expect(signer).toBe((recorded as { signerCheck: { recoveredAddress: string } }).signerCheck.recoveredAddress);
  });

  it.each(
    of('signPersonalMessage').filter(
      (x) => (x.expected as { r?: string }).r || (x.expected as { signature?: string }).signature,
    ),
  )('signs a personal message: $name', async (recorded) => {
    const { messageHex } = recorded.inputs as { messageHex: string };
    const { exchange, done } = await replay(recorded);
    const signature = await signLedgerMessage(exchange, path(recorded), bytes(messageHex));
    expect(serializeSignature(signature)).toBe(expectedSignature(recorded));
    done();
  });

  it.each(of('signEip712Hashed').filter((x) => (x.inputs as { domainSeparatorHex?: string }).domainSeparatorHex))(
    'signs typed data by its hashes: $name',
    async (recorded) => {
      const { domainSeparatorHex, hashStructMessageHex } = recorded.inputs as {
        domainSeparatorHex: string;
        hashStructMessageHex: string;
      };
      const { exchange, done } = await replay(recorded);
      const signature = await signLedgerTypedDataHashes(
        exchange,
        path(recorded),
        `0x${domainSeparatorHex}`,
        `0x${hashStructMessageHex}`,
      );
      expect(serializeSignature(signature)).toBe(expectedSignature(recorded));
      done();
    },
  );

  it.each(
    of('error').filter(
      (x) =>
        (x.inputs as { path?: string }).path?.startsWith('44') &&
        ['signTransaction', 'signPersonalMessage', 'getAddress'].includes((x.inputs as { call: string }).call),
    ),
  )('says in words what the device refused: $name', async (recorded) => {
    const inputs = recorded.inputs as { call: string; path: string; messageHex?: string; rawTx?: string };
    const { exchange } = await replay(recorded);
    const call =
      inputs.call === 'signTransaction'
        ? signLedgerTransaction(exchange, `m/${inputs.path}`, `0x${strip(inputs.rawTx ?? '')}`)
        : inputs.call === 'getAddress'
          ? getLedgerAddress(exchange, `m/${inputs.path}`)
          : signLedgerMessage(exchange, `m/${inputs.path}`, bytes(inputs.messageHex ?? ''));
    const word = strip(recorded.apdus.at(-1) ?? '').slice(-4);
    const expected = { '6985': /declined on the Ledger/, '6d00': /Open the Ethereum app/ }[word];
    await expect(call).rejects.toBeInstanceOf(DeviceError);
    if (expected) await expect(call).rejects.toThrow(expected);
  });

  it('never sends an empty path (the app answers 6a80)', () => {
    expect(() => pathBytes('m')).toThrow(/1 to 10 levels/);
  });
});

function expectedSignature(recorded: Recorded): string {
  const expected = recorded.expected as { r?: string; s?: string; v?: number; signature?: string };
  if (expected.signature) {
    const hex = strip(expected.signature);
    const v = Number.parseInt(hex.slice(128, 130), 16);
    return `0x${hex.slice(0, 128)}${(v < 27 ? v + 27 : v).toString(16)}`;
  }
  return `0x${expected.r}${expected.s}${(expected.v ?? 27).toString(16)}`;
}
