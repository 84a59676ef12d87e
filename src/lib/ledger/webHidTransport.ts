// Cairn's own WebHID path to a Ledger: APDUs framed into 64-byte reports (core/ledger/hidFraming),
// one exchange at a time. Ledger's @ledgerhq/hw-transport-webhid is not used: it needs Node's Buffer.
import { toSafeDetails } from '@/core/errors/base';
import { DeviceError } from '@/core/errors/device';
import { msg } from '@/core/i18n/message';
import { answeredWithin, type Exchange, QUESTION_MS } from '@/core/ledger/ethApp';
import { type AnswerReader, answerReader, frameApdu } from '@/core/ledger/hidFraming';
import { assertEthereumApp } from '@/core/ledger/runningApp';

export const LEDGER_VENDOR_ID = 0x2c97;

// The part of WebHID Cairn uses, declared here: TypeScript's DOM library has no navigator.hid.
export type HidInputReportEvent = { readonly device: HidDevice; readonly reportId: number; readonly data: DataView };
export type HidConnectionEvent = { readonly device: HidDevice };
export interface HidDevice {
  readonly opened: boolean;
  readonly vendorId: number;
  readonly productName: string;
  open(): Promise<void>;
  close(): Promise<void>;
  sendReport(reportId: number, data: Uint8Array): Promise<void>;
  addEventListener(type: 'inputreport', listener: (event: HidInputReportEvent) => void): void;
  removeEventListener(type: 'inputreport', listener: (event: HidInputReportEvent) => void): void;
}
export interface WebHid {
  getDevices(): Promise<HidDevice[]>;
  requestDevice(options: { filters: { vendorId: number }[] }): Promise<HidDevice[]>;
  addEventListener(type: 'disconnect', listener: (event: HidConnectionEvent) => void): void;
  removeEventListener(type: 'disconnect', listener: (event: HidConnectionEvent) => void): void;
}

export type LedgerTransport = {
  /** Sends one APDU and resolves with the answer and its status word; exchanges wait their turn. */
  exchange: Exchange;
  /** Ends the connection: a pending exchange fails with DEVICE_DISCONNECTED, and so does any later one. */
  close(): Promise<void>;
  /** The device's own name for itself ("Nano X"): untrusted text. */
  productName: string;
};

/** The browser's WebHID, or DeviceError DEVICE_UNSUPPORTED when it has none (or not on this page). */
export function webHid(): WebHid {
  const hid = (globalThis as { navigator?: { hid?: WebHid } }).navigator?.hid;
  if (!hid) throw new DeviceError('DEVICE_UNSUPPORTED', msg('core.devices:ledger.noWebHid'));
  return hid;
}

const disconnected = (cause?: unknown) =>
  new DeviceError(
    'DEVICE_DISCONNECTED',
    msg('core.devices:ledger.disconnected'),
    cause === undefined ? {} : { cause, details: toSafeDetails(cause) },
  );

/**
 * Shows the browser's device chooser (call it from a click) and opens the Ledger picked there.
 * Throws DeviceError: DEVICE_UNSUPPORTED (no WebHID, or the browser would not show its chooser),
 * DEVICE_NOT_CHOSEN (the chooser was closed without a choice), DEVICE_BUSY (it cannot be opened).
 */
export async function requestLedger(hid: WebHid = webHid()): Promise<LedgerTransport> {
  let devices: HidDevice[];
  try {
    devices = await hid.requestDevice({ filters: [{ vendorId: LEDGER_VENDOR_ID }] });
  } catch (cause) {
    if ((cause as { name?: unknown } | undefined)?.name !== 'NotFoundError')
      throw new DeviceError('DEVICE_UNSUPPORTED', msg('core.devices:ledger.noDeviceList'), {
        cause,
        details: toSafeDetails(cause),
      });
    devices = [];
  }
  const [device] = devices;
  if (!device) throw new DeviceError('DEVICE_NOT_CHOSEN', msg('core.devices:ledger.notChosen'));
  return openLedger(device, hid);
}

/** Opens a Ledger this site was already allowed to use (no chooser), or resolves undefined when there is none. */
export async function grantedLedger(hid: WebHid = webHid()): Promise<LedgerTransport | undefined> {
  const device = (await hid.getDevices()).find((candidate) => candidate.vendorId === LEDGER_VENDOR_ID);
  return device ? openLedger(device, hid) : undefined;
}

/**
 * The Ledger this site may already use, else the one the person picks in the browser's chooser
 * (call it from a click: the chooser needs one, and it lasts a few seconds). Errors as requestLedger.
 */
export async function connectLedger(hid: WebHid = webHid()): Promise<LedgerTransport> {
  // One owner at a time: a transport left open (a signature cancelled mid-way) would share the
  // device's reports with the new one.
  await active?.close();
  active = (await grantedLedger(hid)) ?? (await requestLedger(hid));
  return active;
}

let active: LedgerTransport | undefined;

/**
 * connectLedger, then the Ethereum app checked open (it must answer within QUESTION_MS): the
 * connection, or it is closed and the DeviceError says why (DEVICE_APP_NOT_OPEN, DEVICE_WRONG_APP…).
 */
export async function connectEthereumApp(hid: WebHid = webHid()): Promise<LedgerTransport> {
  const ledger = await connectLedger(hid);
  try {
    await assertEthereumApp(answeredWithin(ledger.exchange, QUESTION_MS));
    return ledger;
  } catch (error) {
    await ledger.close();
    throw error;
  }
}

type Pending = { reader: AnswerReader; resolve: (answer: Uint8Array) => void; reject: (error: unknown) => void };

/** A transport over `device`: opens it if needed (DeviceError DEVICE_BUSY if it cannot). */
export async function openLedger(device: HidDevice, hid: WebHid): Promise<LedgerTransport> {
  if (!device.opened) {
    try {
      await device.open();
    } catch (cause) {
      throw new DeviceError('DEVICE_BUSY', msg('core.devices:ledger.cannotOpen'), {
        cause,
        details: toSafeDetails(cause),
      });
    }
  }
  let pending: Pending | undefined;
  let ended: DeviceError | undefined;
  let turn: Promise<unknown> = Promise.resolve();

  const settle = (outcome: { answer: Uint8Array } | { error: unknown }) => {
    const current = pending;
    pending = undefined;
    if (!current) return;
    if ('answer' in outcome) current.resolve(outcome.answer);
    else current.reject(outcome.error);
  };
  const onReport = (event: HidInputReportEvent) => {
    if (!pending) return; // nothing asked: a late report of an exchange that already failed
    const frame = new Uint8Array(event.data.buffer, event.data.byteOffset, event.data.byteLength).slice();
    try {
      const answer = pending.reader.push(frame);
      if (answer) settle({ answer });
    } catch (error) {
      // The rest of a garbled answer would land in the next exchange: nothing after it is trusted.
      end(error instanceof DeviceError ? error : disconnected(error));
    }
  };
  const end = (error: DeviceError) => {
    if (ended) return;
    ended = error;
    device.removeEventListener('inputreport', onReport);
    hid.removeEventListener('disconnect', onDisconnect);
    settle({ error });
  };
  const onDisconnect = (event: HidConnectionEvent) => {
    if (event.device === device) end(disconnected());
  };
  device.addEventListener('inputreport', onReport);
  hid.addEventListener('disconnect', onDisconnect);

  const exchangeNow = async (apdu: Uint8Array): Promise<Uint8Array> => {
    if (ended) throw ended;
    const frames = frameApdu(apdu);
    const answer = new Promise<Uint8Array>((resolve, reject) => {
      pending = { reader: answerReader(), resolve, reject };
    });
    for (const frame of frames) {
      try {
        await device.sendReport(0, frame);
      } catch (cause) {
        // Part of an APDU may have reached the device: nothing sent after it could be trusted.
        end(disconnected(cause));
        break;
      }
    }
    return answer;
  };

  return {
    exchange: (apdu) => {
      const result = turn.then(() => exchangeNow(apdu));
      turn = result.catch(() => undefined);
      return result;
    },
    close: async () => {
      end(new DeviceError('DEVICE_DISCONNECTED', msg('core.devices:ledger.closed')));
      await device.close().catch(() => undefined);
    },
    productName: device.productName,
  };
}
