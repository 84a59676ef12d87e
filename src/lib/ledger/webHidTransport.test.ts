// The WebHID transport against an in-memory Ledger: it reads each APDU from the reports it is sent
// and answers with scripted replies, framed as a Ledger frames them. Replies and frames marked
// "recorded" come from src/testing/vectors/ledger (sources and licences in its README).
import { bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { getAppConfiguration } from '@/core/ledger/ethApp';
import { answerReader, frameApdu } from '@/core/ledger/hidFraming';
import { deviceRefusal } from '@/testing/expectRefusal';
import ethExchanges from '@/testing/vectors/ledger/eth-apdus.json';
import hidFrames from '@/testing/vectors/ledger/hid-frames.json';
import {
  grantedLedger,
  type HidConnectionEvent,
  type HidDevice,
  type HidInputReportEvent,
  LEDGER_VENDOR_ID,
  requestLedger,
  type WebHid,
  webHid,
} from './webHidTransport';

const hex = (value: string) => hexToBytes(`0x${value.replace(/^(=>|<=)\s*/, '')}`);
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** A Ledger in memory: `answer` gives the reports to send back for each whole APDU it receives. */
class FakeLedger implements HidDevice {
  opened = false;
  readonly productName = 'Nano X';
  readonly received: string[] = [];
  /** Set when an APDU arrives while the previous one is still unanswered. */
  overlapped = false;
  closed = false;
  failSend = false;
  failOpen = false;
  private listeners = new Set<(event: HidInputReportEvent) => void>();
  private reader = answerReader();
  private answering = false;

  constructor(
    private readonly answer: (apdu: Uint8Array) => Uint8Array[],
    readonly vendorId = LEDGER_VENDOR_ID,
  ) {}

  async open() {
    if (this.failOpen) throw new Error('Failed to open the device.');
    this.opened = true;
  }
  async close() {
    this.closed = true;
  }
  async sendReport(reportId: number, data: Uint8Array) {
    if (this.failSend) throw new Error('Failed to write the report.');
    expect(reportId).toBe(0);
    expect(data.length).toBe(64);
    const apdu = this.reader.push(data.slice());
    if (!apdu) return;
    this.reader = answerReader();
    this.received.push(bytesToHex(apdu).slice(2));
    if (this.answering) this.overlapped = true;
    this.answering = true;
    const reports = this.answer(apdu);
    setTimeout(() => {
      this.answering = false;
      for (const report of reports) this.report(report);
    }, 2);
  }
  report(report: Uint8Array) {
    const event = { device: this, reportId: 0, data: new DataView(report.buffer, report.byteOffset, report.length) };
    for (const listener of this.listeners) listener(event);
  }
  addEventListener(_type: 'inputreport', listener: (event: HidInputReportEvent) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'inputreport', listener: (event: HidInputReportEvent) => void) {
    this.listeners.delete(listener);
  }
  get listening() {
    return this.listeners.size;
  }
}

/** The browser's navigator.hid in memory: `chooser` is what the device chooser resolves with. */
class FakeHid implements WebHid {
  readonly requests: unknown[] = [];
  private listeners = new Set<(event: HidConnectionEvent) => void>();
  constructor(
    private readonly chooser: () => Promise<HidDevice[]>,
    private readonly granted: HidDevice[] = [],
  ) {}
  async getDevices() {
    return this.granted;
  }
  requestDevice(options: { filters: { vendorId: number }[] }) {
    this.requests.push(options);
    return this.chooser();
  }
  addEventListener(_type: 'disconnect', listener: (event: HidConnectionEvent) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'disconnect', listener: (event: HidConnectionEvent) => void) {
    this.listeners.delete(listener);
  }
  disconnect(device: HidDevice) {
    for (const listener of this.listeners) listener({ device });
  }
}

/** Answers every APDU with the same bytes (data and status word), framed on channel 0101. */
const always = (answer: number[]) => () => frameApdu(Uint8Array.from(answer));
const ledgerAnswering = (answer: number[] = [0x90, 0x00]) => new FakeLedger(always(answer));
const chosen = (device: HidDevice) => new FakeHid(async () => [device]);

const refusal = deviceRefusal;

describe('opening a Ledger over WebHID', () => {
  it('says which browsers can, when this one has no WebHID', async () => {
    expect(() => webHid()).toThrow(/Chromium-based browsers such as Chrome, Edge, Brave and Opera/);
    const error = await refusal(requestLedger());
    expect(error.code).toBe('DEVICE_UNSUPPORTED');
    expect(error.shortMessage).toMatch(/https or from localhost/);
  });

  it('asks the chooser for Ledger devices only, and opens the one picked', async () => {
    const device = ledgerAnswering();
    const hid = chosen(device);
    const transport = await requestLedger(hid);
    expect(hid.requests).toEqual([{ filters: [{ vendorId: 0x2c97 }] }]);
    expect(device.opened).toBe(true);
    expect(transport.productName).toBe('Nano X');
  });

  it('says no Ledger was chosen when the chooser is closed, whichever way the browser reports it', async () => {
    for (const chooser of [
      async () => [],
      async () => {
        throw new DOMException('No device selected.', 'NotFoundError');
      },
    ]) {
      const error = await refusal(requestLedger(new FakeHid(chooser)));
      expect(error.code).toBe('DEVICE_NOT_CHOSEN');
      expect(error.shortMessage).toMatch(/No Ledger was chosen/);
    }
  });

  it('says the browser would not show its chooser (no click, or a page not allowed to)', async () => {
    const hid = new FakeHid(async () => {
      throw new DOMException('Must be handling a user gesture to show a permission request.', 'SecurityError');
    });
    const error = await refusal(requestLedger(hid));
    expect(error.code).toBe('DEVICE_UNSUPPORTED');
    expect(error.details).toMatch(/user gesture/);
  });

  it('opens a Ledger already allowed, without a chooser, and only a Ledger', async () => {
    const other = new FakeLedger(always([0x90, 0x00]), 0x1234);
    const ledger = ledgerAnswering();
    expect(await grantedLedger(new FakeHid(async () => [], [other, ledger]))).toBeDefined();
    expect([other.opened, ledger.opened]).toEqual([false, true]);
    expect(await grantedLedger(new FakeHid(async () => [], [other]))).toBeUndefined();
  });

  it('says another program holds the Ledger when it cannot be opened', async () => {
    const device = ledgerAnswering();
    device.failOpen = true;
    const error = await refusal(requestLedger(chosen(device)));
    expect(error.code).toBe('DEVICE_BUSY');
    expect(error.shortMessage).toMatch(/close Ledger Live/);
  });
});

describe('exchanging APDUs over WebHID', () => {
  it('carries a recorded exchange of the Ethereum app', async () => {
    const recorded = ethExchanges.find((x) => x.operation === 'getAppConfiguration');
    if (!recorded) throw new Error('no fixture');
    const [sent = '', reply = ''] = recorded.apdus;
    const device = new FakeLedger(() => frameApdu(hex(reply)));
    const transport = await requestLedger(chosen(device));
    expect(await getAppConfiguration(transport.exchange)).toEqual({
      blindSigning: true,
      erc20Provisioning: false,
      version: '1.1.6',
    });
    expect(device.received).toEqual([sent.replace(/^=>\s*/, '')]);
  });

  it('reads an answer from recorded frames', async () => {
    const record = hidFrames.incoming.find((x) => x.channel === '0101' && x.frames.length === 2);
    if (!record) throw new Error('no fixture');
    const device = new FakeLedger(() => record.frames.map((frame) => hex(frame)));
    const transport = await requestLedger(chosen(device));
    expect(bytesToHex(await transport.exchange(Uint8Array.of(0xe0, 0xd2, 0, 0, 0))).slice(2)).toBe(record.response);
  });

  it('sends a long APDU in several reports and reads a long answer', async () => {
    const apdu = Uint8Array.from({ length: 260 }, (_, i) => i & 0xff);
    const answer = [...Array.from({ length: 200 }, (_, i) => (i * 7) & 0xff), 0x90, 0x00];
    const device = ledgerAnswering(answer);
    const transport = await requestLedger(chosen(device));
    expect([...(await transport.exchange(apdu))]).toEqual(answer);
    expect(device.received).toEqual([bytesToHex(apdu).slice(2)]);
  });

  it('sends one exchange at a time: a second waits for the first answer', async () => {
    const device = new FakeLedger((apdu) => frameApdu(Uint8Array.of(apdu[1] ?? 0, 0x90, 0x00)));
    const transport = await requestLedger(chosen(device));
    const answers = await Promise.all([1, 2, 3].map((ins) => transport.exchange(Uint8Array.of(0xe0, ins, 0, 0, 0))));
    expect(answers.map((answer) => answer[0])).toEqual([1, 2, 3]);
    expect(device.overlapped).toBe(false);
  });

  it('ends the pending exchange, and later ones, when the Ledger is unplugged', async () => {
    const device = new FakeLedger(() => []);
    const hid = chosen(device);
    const transport = await requestLedger(hid);
    const pending = transport.exchange(Uint8Array.of(0xe0, 0x06, 0, 0, 0));
    const queued = transport.exchange(Uint8Array.of(0xe0, 0x06, 0, 0, 0));
    await tick();
    hid.disconnect(ledgerAnswering()); // another device: no effect
    hid.disconnect(device);
    const error = await refusal(pending);
    expect(error.code).toBe('DEVICE_DISCONNECTED');
    expect(error.shortMessage).toBe(
      'The Ledger was disconnected: plug it back in, unlock it and open the Ethereum app, then try again.',
    );
    expect((await refusal(queued)).code).toBe('DEVICE_DISCONNECTED');
    expect(device.listening).toBe(0);
  });

  it('ends the exchange when a report cannot be sent', async () => {
    const device = ledgerAnswering();
    const transport = await requestLedger(chosen(device));
    device.failSend = true;
    const error = await refusal(transport.exchange(Uint8Array.of(0xe0, 0x06, 0, 0, 0)));
    expect(error.code).toBe('DEVICE_DISCONNECTED');
    expect(error.details).toMatch(/Failed to write/);
  });

  it('says a garbled answer is garbled and trusts nothing after it on that connection; a new one works', async () => {
    let garble = true;
    const device = new FakeLedger(() => {
      const frames = frameApdu(Uint8Array.of(0x90, 0x00), garble ? 0x0202 : undefined);
      garble = false;
      return frames;
    });
    const transport = await requestLedger(chosen(device));
    expect((await refusal(transport.exchange(Uint8Array.of(0xe0, 0x06, 0, 0, 0)))).code).toBe('DEVICE_ANSWER');
    expect((await refusal(transport.exchange(Uint8Array.of(0xe0, 0x06, 0, 0, 0)))).code).toBe('DEVICE_ANSWER');
    await transport.close();
    const again = await requestLedger(chosen(device));
    expect([...(await again.exchange(Uint8Array.of(0xe0, 0x06, 0, 0, 0)))]).toEqual([0x90, 0x00]);
  });

  it('ignores reports that arrive when nothing was asked', async () => {
    const device = ledgerAnswering([0x01, 0x90, 0x00]);
    const transport = await requestLedger(chosen(device));
    device.report(frameApdu(Uint8Array.of(0x6d, 0x00))[0] as Uint8Array);
    expect([...(await transport.exchange(Uint8Array.of(0xe0, 0x06, 0, 0, 0)))]).toEqual([0x01, 0x90, 0x00]);
  });

  it('closes: the pending exchange and any later one fail, and the device is closed', async () => {
    const device = new FakeLedger(() => []);
    const transport = await requestLedger(chosen(device));
    const pending = transport.exchange(Uint8Array.of(0xe0, 0x06, 0, 0, 0));
    await tick();
    await transport.close();
    expect((await refusal(pending)).code).toBe('DEVICE_DISCONNECTED');
    expect((await refusal(transport.exchange(Uint8Array.of(0xe0, 0x06, 0, 0, 0)))).code).toBe('DEVICE_DISCONNECTED');
    expect([device.closed, device.listening]).toEqual([true, 0]);
  });
});
