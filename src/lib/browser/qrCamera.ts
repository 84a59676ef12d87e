import { DeviceError } from '@/core/errors/device';
import { msg } from '@/core/i18n/message';
import { decodeQrPixels } from './qrImage';

/** Camera frames are read at this width at most (a QR code filling a third of it still reads). */
const FRAME_WIDTH = 640;
/** How often a frame is read: about ten a second, enough for an 8-fps animated code. */
const READ_EVERY_MS = 100;

function cameraError(cause: unknown): DeviceError {
  const name = cause instanceof DOMException ? cause.name : '';
  const sentence =
    name === 'NotAllowedError'
      ? msg('core.devices:camera.notAllowed')
      : name === 'NotFoundError' || name === 'OverconstrainedError'
        ? msg('core.devices:camera.notFound')
        : name === 'NotReadableError'
          ? msg('core.devices:camera.inUse')
          : msg('core.devices:camera.failed');
  return new DeviceError('DEVICE_CAMERA', sentence, { cause });
}

/**
 * Shows the camera in `video` and reads QR codes from it, passing each text found to `onText`
 * (the same text again while the code stays in view). Everything stays on this device. Returns
 * the function that stops the camera. Throws DEVICE_CAMERA with a sentence naming why not.
 */
export async function startQrCamera(video: HTMLVideoElement, onText: (text: string) => void): Promise<() => void> {
  if (!navigator.mediaDevices?.getUserMedia) throw cameraError(undefined);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch (cause) {
    throw cameraError(cause);
  }
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const read = async () => {
    if (stopped) return;
    if (context && video.videoWidth > 0) {
      const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const text = await decodeQrPixels(context.getImageData(0, 0, canvas.width, canvas.height), 'dontInvert');
      if (text !== undefined && !stopped) onText(text);
    }
    if (!stopped) timer = setTimeout(read, READ_EVERY_MS);
  };
  void read();
  return stop;
}
