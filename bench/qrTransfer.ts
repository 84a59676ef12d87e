// QR signing devices (issue 17): how many frames an animated code needs to carry a typical
// EIP-1559 sign request and a 2 KB typed-data request, what that asks of the display rate, and
// how many frames per second Cairn can draw and read (uqr to draw, jsQR + the UR decoder to read,
// here in Node on camera-sized images). The baseline is the display rate the animation uses.
import jsQR from 'jsqr';
import { encode } from 'uqr';
import type { Address } from 'viem';
import { deviceSignRequest } from '../src/core/qrDevice/deviceSigning.ts';
import { encodeEthSignRequest } from '../src/core/qrDevice/ethRequests.ts';
import { UrDecoder, UrEncoder } from '../src/core/ur/ur.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { median } from './stats.ts';

/** Frames per second an animated request is shown at (the UI's rate; scanners keep up with it). */
export const DISPLAY_FPS = 8;
/** Bytes of a fountain part per frame: a version-13-ish QR at error correction L, readable at arm's length. */
export const FRAGMENT_BYTES = [100, 200, 400];
const CAMERA = { width: 640, height: 480 };

const account = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address,
  path: "m/44'/60'/0'/0/0",
  masterFingerprint: 0x12345678,
};
const requestId = new Uint8Array(16).fill(7);

function typicalTransfer() {
  // An ERC-20 transfer on Ethereum: the most common thing signed.
  const data =
    `0xa9059cbb${'00'.repeat(12)}70997970c51812dc3a010c7d01b50e0d17dc79c8${(10n ** 20n).toString(16).padStart(64, '0')}` as const;
  return deviceSignRequest(
    {
      kind: 'transaction',
      transaction: {
        type: 'eip1559',
        chainId: 1,
        nonce: 42,
        to: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
        data,
        gas: 65_000n,
        maxFeePerGas: 40n * 10n ** 9n,
        maxPriorityFeePerGas: 2n * 10n ** 9n,
      },
    },
    account,
    requestId,
  );
}

function typedData2k() {
  // A Permit2-style batch whose JSON is about 2 KB.
  const details = Array.from({ length: 9 }, (_, i) => ({
    token: `0x${(i + 1).toString(16).padStart(40, 'a')}`,
    amount: (2n ** 160n - 1n).toString(),
    expiration: 1_900_000_000 + i,
    nonce: i,
  }));
  return deviceSignRequest(
    {
      kind: 'typedData',
      typedData: {
        domain: { name: 'Permit2', chainId: 1, verifyingContract: '0x000000000022d473030f116ddee9f6b43ac78ba3' },
        types: {
          PermitBatch: [
            { name: 'details', type: 'PermitDetails[]' },
            { name: 'spender', type: 'address' },
            { name: 'sigDeadline', type: 'uint256' },
          ],
          PermitDetails: [
            { name: 'token', type: 'address' },
            { name: 'amount', type: 'uint160' },
            { name: 'expiration', type: 'uint48' },
            { name: 'nonce', type: 'uint48' },
          ],
        },
        primaryType: 'PermitBatch',
        message: { details, spender: '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad', sigDeadline: '1900000000' },
      } as never,
    },
    account,
    requestId,
  );
}

/** The QR of `text` in capitals (alphanumeric mode) drawn into a camera-sized RGBA image. */
function cameraImage(text: string): { pixels: Uint8ClampedArray; version: number; modules: number } {
  const qr = encode(text.toUpperCase(), { ecc: 'L', border: 4 });
  const pixels = new Uint8ClampedArray(CAMERA.width * CAMERA.height * 4).fill(255);
  const scale = Math.floor(Math.min(CAMERA.width, CAMERA.height) / qr.size);
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = ((y * scale + dy) * CAMERA.width + x * scale + dx) * 4;
          pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
        }
    });
  });
  return { pixels, version: qr.version, modules: qr.size };
}

function perSecond(runs: number, work: (i: number) => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work(i);
    times.push(performance.now() - start);
  }
  return 1000 / median(times);
}

export async function benchQrTransfer(run: BenchRun): Promise<string> {
  const runs = (full: number) => sized(run, full, 2);
  const lines = [`QR signing devices (Node ${process.versions.node}; shown at ${DISPLAY_FPS} frames per second)`];
  const requests = [
    ['EIP-1559 ERC-20 transfer', encodeEthSignRequest(typicalTransfer())],
    ['2 KB typed data (Permit2 batch)', encodeEthSignRequest(typedData2k())],
  ] as const;
  for (const [name, ur] of requests) {
    lines.push(`  ${name}: eth-sign-request ${ur.cbor.length.toLocaleString('en')} B of CBOR`);
    for (const fragment of FRAGMENT_BYTES) {
      const encoder = new UrEncoder(ur, fragment);
      const frames = encoder.fragmentCount;
      const first = encoder.nextPart();
      const { version, size: modules } = encode(first.toUpperCase(), { ecc: 'L', border: 0 });
      const cycle = frames / DISPLAY_FPS;
      lines.push(
        `    ${String(fragment).padStart(3)} B per frame: ${frames} frame${frames === 1 ? '' : 's'} (QR version ${version}, ${modules}×${modules} modules)${
          frames === 1
            ? ', one still code'
            : `: ${frames} fps for a one-second pass; at ${DISPLAY_FPS} fps one pass takes ${cycle.toFixed(2)} s`
        }`,
      );
    }
  }
  // Drawing and reading one frame of the typed-data request at 200 B per frame.
  const encoder = new UrEncoder(requests[1][1], 200);
  const frames = Array.from({ length: 64 }, () => encoder.nextPart());
  const drawn = perSecond(runs(64), (i) => encode((frames[i] as string).toUpperCase(), { ecc: 'L', border: 4 }));
  const images = frames.slice(0, runs(16)).map(cameraImage);
  const scanned = perSecond(runs(32), (i) => {
    const { pixels } = images[i % images.length] as { pixels: Uint8ClampedArray };
    if (!jsQR(pixels, CAMERA.width, CAMERA.height, { inversionAttempts: 'dontInvert' })) throw new Error('not read');
  });
  const decoded = perSecond(runs(200), (i) => {
    const decoder = new UrDecoder();
    decoder.receive(frames[i % frames.length] as string);
  });
  lines.push(
    `  drawing a 200 B frame (uqr): ${drawn.toFixed(0)} frames/s = ${(drawn / DISPLAY_FPS).toFixed(0)}× the display rate`,
    `  reading a ${CAMERA.width}×${CAMERA.height} camera frame (jsQR): ${scanned.toFixed(1)} frames/s = ${(scanned / DISPLAY_FPS).toFixed(1)}× the display rate`,
    `  decoding a scanned frame (Bytewords, CBOR, fountain): ${decoded.toFixed(0)} frames/s`,
  );
  return lines.join('\n');
}
