// Recorded replies come from src/testing/vectors/ledger (eth-apdus.json: the Ethereum app's own
// replies in Ledger Live's fixtures; app-and-version.json: the dashboard and Bitcoin replies in
// Ledger's device SDK test); sources and licences in its README. Replies built here are marked.
import { bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { deviceRefusal } from '@/testing/expectRefusal';
import appAndVersion from '@/testing/vectors/ledger/app-and-version.json';
import ethExchanges from '@/testing/vectors/ledger/eth-apdus.json';
import type { Exchange } from './ethApp';
import { assertEthereumApp, getRunningApp } from './runningApp';

const bytes = (line: string) => hexToBytes(`0x${line.replace(/^(=>|<=)\s*/, '')}`);

/** An Exchange that answers each recorded APDU with its recorded reply, and fails on anything else. */
function replay(apdus: readonly string[]): Exchange {
  const lines = [...apdus];
  return async (apdu) => {
    const [sent, reply] = lines.splice(0, 2);
    if (!sent || !reply) throw new Error('no more recorded exchanges');
    expect(bytesToHex(apdu)).toBe(bytesToHex(bytes(sent)));
    return bytes(reply);
  };
}

/** A constructed reply (not recorded): format 01, name, version, then the given tail, then 9000. */
function constructed(name: string, version: string, tail: number[] = [0x01, 0x00]): Exchange {
  const text = new TextEncoder();
  const n = text.encode(name);
  const v = text.encode(version);
  return async () => Uint8Array.of(0x01, n.length, ...n, v.length, ...v, ...tail, 0x90, 0x00);
}

const answering =
  (...reply: number[]): Exchange =>
  async () =>
    Uint8Array.of(...reply);

const refusal = deviceRefusal;

describe('getRunningApp, recorded replies', () => {
  const ethereum = ethExchanges.filter((x) => x.operation === 'getAppAndVersion');

  it.each(ethereum)('reads the Ethereum app: $name', async (recorded) => {
    const app = await getRunningApp(replay(recorded.apdus));
    expect(app).toEqual({
      name: 'Ethereum',
      version: (recorded.expected as { fixtureFileNameVersion: string }).fixtureFileNameVersion,
    });
    await expect(assertEthereumApp(replay(recorded.apdus))).resolves.toEqual(app);
  });

  const [dashboard, bitcoin, failed, format] = appAndVersion.exchanges;

  it('reads the dashboard, whose reply has no flags', async () => {
    expect(await getRunningApp(replay(dashboard?.apdus ?? []))).toEqual({ name: 'BOLOS', version: '1.4.0-rc2' });
  });

  it('reads another app', async () => {
    expect(await getRunningApp(replay(bitcoin?.apdus ?? []))).toEqual({ name: 'Bitcoin', version: '2.1.5-alpha' });
  });

  it('says in words what a refused command or an unknown format means', async () => {
    const refused = await refusal(getRunningApp(replay(failed?.apdus ?? [])));
    expect(refused.code).toBe('DEVICE_REFUSED');
    const unknown = await refusal(getRunningApp(replay(format?.apdus ?? [])));
    expect(unknown.code).toBe('DEVICE_ANSWER');
    expect(unknown.shortMessage).toMatch(/cannot read/);
  });

  it('asks for the Ethereum app on the dashboard', async () => {
    const error = await refusal(assertEthereumApp(replay(dashboard?.apdus ?? [])));
    expect(error.code).toBe('DEVICE_APP_NOT_OPEN');
    expect(error.shortMessage).toBe(
      'Open the Ethereum app on the Ledger: it is showing its dashboard, with no app open.',
    );
  });

  it('names the other app that is open', async () => {
    const error = await refusal(assertEthereumApp(replay(bitcoin?.apdus ?? [])));
    expect(error.code).toBe('DEVICE_WRONG_APP');
    expect(error.shortMessage).toBe(
      'The Ledger has its “Bitcoin” app open: close it, open the Ethereum app, then try again.',
    );
    expect(error.details).toBe('running: Bitcoin 2.1.5-alpha');
  });
});

describe('getRunningApp, constructed replies', () => {
  it('knows the older dashboard name OLOS\\0 (constructed)', async () => {
    const error = await refusal(assertEthereumApp(constructed('OLOS\u0000', '1.6.0')));
    expect(error.code).toBe('DEVICE_APP_NOT_OPEN');
    expect(error.details).toBe('running: OLOS\\u{0000} 1.6.0');
  });

  it('accepts no EVM clone of the Ethereum app (constructed)', async () => {
    for (const name of ['Polygon', 'ethereum', 'Ethereum ']) {
      expect((await refusal(assertEthereumApp(constructed(name, '1.10.3')))).code).toBe('DEVICE_WRONG_APP');
    }
  });

  it('shows an app name as untrusted text: hidden characters as codes, and cut (constructed)', async () => {
    const reversed = await refusal(assertEthereumApp(constructed('Eth\u202Eereum', '1.0.0')));
    expect(reversed.shortMessage).toContain('“Eth\\u{202E}ereum”');
    const long = await refusal(assertEthereumApp(constructed('A'.repeat(200), '1.0.0')));
    expect(long.shortMessage).toContain(`“${'A'.repeat(63)}…”`);
  });

  it('refuses a name, version or flags running past the answer (constructed)', async () => {
    const cases = [
      answering(0x01, 0x0a, 0x41, 0x42, 0x90, 0x00),
      answering(0x01, 0x01, 0x41, 0x05, 0x31, 0x90, 0x00),
      answering(0x01, 0x01, 0x41, 0x01, 0x31, 0x03, 0x00, 0x90, 0x00),
      answering(0x01, 0x90, 0x00),
      answering(0x90, 0x00),
      answering(0x90),
    ];
    for (const exchange of cases) {
      expect((await refusal(getRunningApp(exchange))).code).toBe('DEVICE_ANSWER');
    }
  });

  it('reads past bytes a later format may add after the flags (constructed)', async () => {
    expect(await getRunningApp(constructed('Ethereum', '1.13.0', [0x01, 0x00, 0x07]))).toEqual({
      name: 'Ethereum',
      version: '1.13.0',
    });
  });

  it('turns a locked device and a lost connection into their errors', async () => {
    expect((await refusal(getRunningApp(answering(0x55, 0x15)))).code).toBe('DEVICE_LOCKED');
    const lost = await refusal(
      getRunningApp(async () => {
        throw new Error('device gone');
      }),
    );
    expect(lost.code).toBe('DEVICE_DISCONNECTED');
  });
});
