import {
  type Address,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { createQrSigningDevice, type Misbehaviour } from '@/testing/qrSigningDevice';
import mail from '@/testing/vectors/eip712/eip712-mail-example.json';
import type { DeviceSignRequest } from '../signing/keySigner';
import { UrDecoder, UrEncoder } from '../ur/ur';
import { deviceAddresses, readDeviceAccounts } from './deviceKeys';
import { acceptDeviceSignature, type DeviceAccount, deviceSignRequest } from './deviceSigning';
import { encodeEthSignRequest, readEthSignature } from './ethRequests';
import { parsePathText } from './keypath';

const device = createQrSigningDevice();
const accounts = readDeviceAccounts(device.accountExport());
const [first] = deviceAddresses(accounts, 0, 1);
const account: DeviceAccount = {
  address: first?.address as Address,
  path: first?.path as string,
  masterFingerprint: accounts.masterFingerprint,
};
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const requests: Record<string, DeviceSignRequest> = {
  'an EIP-1559 transaction': {
    kind: 'transaction',
    transaction: {
      type: 'eip1559',
      chainId: 31337,
      nonce: 3,
      to: TO,
      value: 10n ** 16n,
      gas: 21000n,
      maxFeePerGas: 2n * 10n ** 9n,
      maxPriorityFeePerGas: 10n ** 9n,
    },
  },
  'a legacy transaction (v carries the chain id)': {
    kind: 'transaction',
    transaction: { type: 'legacy', chainId: 137, nonce: 0, to: TO, value: 1n, gas: 21000n, gasPrice: 30n * 10n ** 9n },
  },
  'a personal message': { kind: 'message', message: 'Sign in to example.org\nNonce: 42' },
  'raw message bytes': { kind: 'message', message: { raw: '0xdeadbeef' } },
  'typed data': { kind: 'typedData', typedData: mail.typedData as never },
};

/** Cairn shows the request as frames; the device reads them and shows its answer; Cairn reads that. */
function exchange(request: DeviceSignRequest, misbehave: Misbehaviour = 'none') {
  const asked = deviceSignRequest(request, account, crypto.getRandomValues(new Uint8Array(16)));
  const encoder = new UrEncoder(encodeEthSignRequest(asked), 100);
  const shown = Array.from({ length: encoder.fragmentCount * 3 }, () => encoder.nextPart());
  const answerDecoder = new UrDecoder();
  answerDecoder.receive(device.frames(device.answer(shown, misbehave), 1)[0] as string);
  const answer = readEthSignature(answerDecoder.result() as never);
  return acceptDeviceSignature(request, account, asked, answer);
}

describe('signing with a QR device', () => {
  it('imports the device’s account key and derives its addresses', () => {
    expect(accounts).toMatchObject({ kind: 'extendedKey', masterFingerprint: device.fingerprint });
    // The test phrase's first account.
    expect(account.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(account.path).toBe("m/44'/60'/0'/0/0");
  });

  it.each(Object.entries(requests))(
    'accepts %s signed by the account’s key, as signWithKey would return it',
    async (_, request) => {
      const result = await exchange(request);
      if (request.kind === 'transaction') {
        expect(await recoverTransactionAddress({ serializedTransaction: result as never })).toBe(account.address);
        expect(parseTransaction(result as never)).toMatchObject({
          chainId: request.transaction.chainId,
          nonce: request.transaction.nonce,
        });
      } else if (request.kind === 'message')
        expect(await recoverMessageAddress({ message: request.message, signature: result })).toBe(account.address);
      else
        expect(await recoverTypedDataAddress({ ...(request.typedData as object), signature: result } as never)).toBe(
          account.address,
        );
      expect(result).toMatch(request.kind === 'transaction' ? /^0x/ : /^0x[0-9a-f]{128}(1b|1c)$/);
    },
  );

  it.each(Object.entries(requests))(
    'refuses %s signed by another key, signed over other data, or answering another request',
    async (_, request) => {
      await expect(exchange(request, 'otherKey')).rejects.toThrow(/another key/);
      await expect(exchange(request, 'otherData')).rejects.toThrow(/another key|something other/);
      await expect(exchange(request, 'otherRequest')).rejects.toThrow(/answers another request/);
    },
  );

  it.each(Object.entries(requests))(
    'turns a high-s signature of %s into the low-s one nodes accept',
    async (_, request) => {
      const normal = await exchange(request);
      expect(await exchange(request, 'highS')).toBe(normal);
    },
  );

  it('reads only plain paths', () => {
    expect(parsePathText("m/44'/60'/0'/0/7")).toEqual([0x8000002c, 0x8000003c, 0x80000000, 0, 7]);
    for (const bad of ["m/44'/60'/0'/0/", 'm/0x10', "m/'", 'm/1e3', "44'/60'", `m/${2 ** 31}`])
      expect(() => parsePathText(bad)).toThrow(RangeError);
  });

  it('refuses a transaction signature whose v names another chain', async () => {
    const request = requests['a legacy transaction (v carries the chain id)'] as DeviceSignRequest & {
      kind: 'transaction';
    };
    const asked = deviceSignRequest(request, account, new Uint8Array(16));
    const frames = [new UrEncoder(encodeEthSignRequest({ ...asked, chainId: 1 }), 1000).nextPart()];
    const decoder = new UrDecoder();
    decoder.receive(device.frames(device.answer(frames), 1)[0] as string);
    await expect(
      acceptDeviceSignature(request, account, asked, readEthSignature(decoder.result() as never)),
    ).rejects.toThrow(/recovery value/);
  });
});
