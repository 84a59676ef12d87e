// A Ledger on the browser's WebHID, for end-to-end tests: navigator.hid is replaced in every page
// of the context by one device whose 64-byte reports are unframed in the page and answered in
// Node by the software Ethereum app (src/testing/softwareLedger.ts), framed back as the device
// would. Cairn's own framing and transport run unchanged.
import type { BrowserContext } from 'playwright-core';
import { bytesToHex, hexToBytes } from 'viem';
import type { createSoftwareLedger } from '../../src/testing/softwareLedger.ts';

export async function installFakeLedger(
  context: BrowserContext,
  ledger: ReturnType<typeof createSoftwareLedger>,
): Promise<void> {
  await context.exposeBinding('__cairnLedgerExchange', async (_source, apdu: string) =>
    bytesToHex(await ledger.exchange(hexToBytes(apdu as `0x${string}`))),
  );
  await context.addInitScript(() => {
    const exchange = (window as unknown as { __cairnLedgerExchange(apdu: string): Promise<string> })
      .__cairnLedgerExchange;
    const hex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
    const bytes = (text: string) => Uint8Array.from(text.slice(2).match(/../g) ?? [], (h) => Number.parseInt(h, 16));
    const listeners = new Set<(event: unknown) => void>();
    let incoming: { channel: number; length: number; data: number[] } | undefined;
    let granted = false;
    const device = {
      vendorId: 0x2c97,
      productId: 0x5011,
      productName: 'Nano S Plus',
      opened: false,
      async open() {
        device.opened = true;
      },
      async close() {
        device.opened = false;
      },
      addEventListener: (_type: string, listener: (event: unknown) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: unknown) => void) => listeners.delete(listener),
      async sendReport(_reportId: number, frame: Uint8Array) {
        const word = (at: number) => ((frame[at] ?? 0) << 8) | (frame[at + 1] ?? 0);
        const channel = word(0);
        if (word(3) === 0) incoming = { channel, length: word(5), data: [...frame.subarray(7)] };
        else incoming?.data.push(...frame.subarray(5));
        if (!incoming || incoming.data.length < incoming.length) return;
        const asked = incoming;
        incoming = undefined;
        const answer = bytes(await exchange(hex(Uint8Array.from(asked.data.slice(0, asked.length)))));
        const body = [(answer.length >> 8) & 0xff, answer.length & 0xff, ...answer];
        for (let seq = 0, at = 0; at < body.length; seq++) {
          const report = new Uint8Array(64);
          report.set([asked.channel >> 8, asked.channel & 0xff, 0x05, seq >> 8, seq & 0xff]);
          const part = body.slice(at, at + 59);
          report.set(part, 5);
          at += part.length;
          for (const listener of listeners) listener({ device, reportId: 0, data: new DataView(report.buffer) });
        }
      },
    };
    const hid = {
      getDevices: async () => (granted ? [device] : []),
      requestDevice: async () => {
        granted = true;
        return [device];
      },
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(navigator, 'hid', { value: hid, configurable: true });
  });
}
