// Which app the Ledger is running, asked of its OS (CLA B0, INS 01: get app and version), so Cairn
// can say "open the Ethereum app" or "close the Bitcoin app" before sending Ethereum-app APDUs.
import { DeviceError } from '../errors/device';
import { msg, untrustedValue } from '../i18n/message';
import { untrustedLabel } from '../text/untrustedText';
import { type Exchange, sendApdu } from './ethApp';

const GET_APP_AND_VERSION = Uint8Array.of(0xb0, 0x01, 0x00, 0x00, 0x00);

export type RunningApp = { name: string; version: string };

/**
 * Names the OS gives itself when no app is open. Ledger Live's isDashboardName has "BOLOS" and
 * "OLOS\0" (ledger-live src/hw/isDashboardName.ts @ 12f8258e), and later also "OLOS".
 */
const DASHBOARD_NAMES: ReadonlySet<string> = new Set(['BOLOS', 'OLOS', 'OLOS\u0000']);

/**
 * The only app Cairn signs with. Ledger's device SDK (signer-eth ApplicationChecker and its
 * OpenApp device actions) accepts "Ethereum", plus the names of Ethereum-app plugins, which run
 * inside the Ethereum app mid-flow. It accepts no EVM chain clone ("Polygon", "BSC"…), and
 * neither does hw-app-eth (it checks no name at all), so Cairn accepts no clone either.
 */
const ETHEREUM_APP = 'Ethereum';

const unreadable = () => new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.appUnreadable'));

/** Reads one length-prefixed field at `offset`, or throws if it runs past the answer. */
function field(data: Uint8Array, offset: number): { value: Uint8Array; next: number } {
  const length = data[offset];
  if (length === undefined || offset + 1 + length > data.length) throw unreadable();
  return { value: data.subarray(offset + 1, offset + 1 + length), next: offset + 1 + length };
}

/**
 * The app the Ledger is running, or its OS ("BOLOS") on the dashboard. The answer is format 01,
 * then the name, the version and (not always present) flags, each prefixed with its length.
 * Throws DeviceError: DEVICE_ANSWER (unreadable answer), DEVICE_DISCONNECTED, or what the status
 * word stands for (DEVICE_LOCKED…).
 */
export async function getRunningApp(exchange: Exchange): Promise<RunningApp> {
  const data = await sendApdu(exchange, GET_APP_AND_VERSION);
  if (data[0] !== 0x01) throw unreadable();
  const name = field(data, 1);
  const version = field(data, name.next);
  // The flags: read only to check they fit; bytes after them are left for later formats.
  if (version.next < data.length) field(data, version.next);
  const text = new TextDecoder();
  return { name: text.decode(name.value), version: text.decode(version.value) };
}

/**
 * Resolves with the running app when it is the Ethereum app; otherwise throws DeviceError
 * DEVICE_APP_NOT_OPEN (the dashboard is showing) or DEVICE_WRONG_APP (another app is open, named
 * in the sentence as shown untrusted text), or what getRunningApp throws.
 */
export async function assertEthereumApp(exchange: Exchange): Promise<RunningApp> {
  const app = await getRunningApp(exchange);
  if (app.name === ETHEREUM_APP) return app;
  const shown = `${untrustedLabel(app.name, 'name')} ${untrustedLabel(app.version, 'name')}`;
  if (DASHBOARD_NAMES.has(app.name))
    throw new DeviceError('DEVICE_APP_NOT_OPEN', msg('core.devices:ledger.dashboard'), {
      details: `running: ${shown}`,
    });
  throw new DeviceError(
    'DEVICE_WRONG_APP',
    msg('core.devices:ledger.wrongApp', { app: untrustedValue(app.name, 'name') }),
    { details: `running: ${shown}` },
  );
}
