// The live camera for a still QR code, with a fake camera: a code read and taken stops it; a code
// refused is said once and not taken again while it stays in view; a camera that cannot start, or
// reads nothing, is said in a sentence. The real camera's refusal (NotAllowedError) comes through
// startQrCamera itself.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceError } from '@/core/errors/device';
import { msg } from '@/core/i18n/message';
import type { QrCameraStarter } from '@/lib/browser/useQrCamera';
import { alerts, click, shows, statuses } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { QrCameraScanner } from './QrCameraScanner';

const poll = { timeout: 4_000, interval: 10 };

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  wallet = await createTestWallet();
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

/** A camera that shows whatever the test holds in front of it; `stopped` counts its stops. */
function fakeCamera() {
  const camera: { show: (text: string) => void; stopped: number; started: number } = {
    show: () => {},
    stopped: 0,
    started: 0,
  };
  const starter: QrCameraStarter = async (_video, onText) => {
    camera.started++;
    camera.show = onText;
    return () => {
      camera.stopped++;
    };
  };
  return { camera, starter };
}

function render(onText: (text: string) => string | undefined, starter?: QrCameraStarter, unreadAfterMs?: number) {
  ({ unmount } = renderInWallet(
    wallet,
    <QrCameraScanner
      what="the share’s QR code"
      onText={onText}
      {...(starter ? { starter } : {})}
      {...(unreadAfterMs ? { unreadAfterMs } : {})}
    />,
  ));
}

describe('the live QR camera', () => {
  it('takes a code it can use and stops; says why one is refused, once, while it stays in view', async () => {
    const { camera, starter } = fakeCamera();
    const onText = vi.fn((text: string) => (text === 'good' ? undefined : 'This share belongs to another set.'));
    render(onText, starter);
    click('Scan with the camera');
    await expect.poll(() => shows('Stop the camera'), poll).toBe(true);
    camera.show('bad');
    camera.show('bad');
    camera.show('bad');
    await expect.poll(() => alerts(), poll).toBe('This share belongs to another set.');
    expect(onText).toHaveBeenCalledTimes(1);
    camera.show('good');
    await expect.poll(() => shows('Scan with the camera'), poll).toBe(true);
    expect(onText).toHaveBeenLastCalledWith('good');
    expect(camera.stopped).toBe(1);
    expect(alerts()).toBe('');
  });

  it('says so when the camera cannot start', async () => {
    const starter: QrCameraStarter = async () => {
      throw new DeviceError('DEVICE_CAMERA', msg('core.devices:camera.notFound'));
    };
    render(() => undefined, starter);
    click('Scan with the camera');
    await expect.poll(() => alerts(), poll).toContain('No camera was found.');
    expect(shows('Scan with the camera')).toBe(true);
  });

  it('says so when the browser denies the camera', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
      },
    });
    render(() => undefined);
    click('Scan with the camera');
    await expect.poll(() => alerts(), poll).toContain('Cairn may not use the camera.');
  });

  it('says so when it reads no code for a while, and not after a read', async () => {
    const { camera, starter } = fakeCamera();
    render(() => 'refused', starter, 50);
    click('Scan with the camera');
    await expect.poll(() => statuses(), poll).toContain('The camera has not read a code yet.');
    camera.show('something');
    await expect.poll(() => statuses(), poll).not.toContain('The camera has not read a code yet.');
    await expect.poll(() => statuses(), poll).toContain('The camera has not read a code yet.');
  });
});
