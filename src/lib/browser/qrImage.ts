import { InputError } from '@/core/errors/input';
import { msg } from '@/core/i18n/message';

/** Photos from phones are large; anything past this is not a picture of a QR code worth decoding. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Images are scaled down to this many pixels on their longer side before decoding. */
const MAX_SIDE = 1600;

const loadDecoder = () => import('jsqr');

/** Loads the QR decoder ahead of use, so it works once the device goes offline. */
export function preloadQrReader(): void {
  void loadDecoder().catch(() => undefined);
}

/**
 * Reads the text of the QR code in an image file (a photo or a screenshot), entirely on the
 * device. The decoder loads only when first needed.
 *
 * Errors: INPUT_FILE_TOO_LARGE, INPUT_FILE_UNREADABLE (not an image), INPUT_QR (no QR code found).
 */
export async function readQrFromImage(file: File): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) {
    throw new InputError(
      'INPUT_FILE_TOO_LARGE',
      msg('core.devices:qrImage.tooLarge', { megabytes: Math.round(file.size / (1024 * 1024)) }),
    );
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (cause) {
    throw new InputError('INPUT_FILE_UNREADABLE', msg('core.devices:qrImage.notImage'), {
      cause,
    });
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new InputError('INPUT_FILE_UNREADABLE', msg('core.devices:qrImage.cannotRead'));
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const found = await decodeQrPixels(context.getImageData(0, 0, width, height), 'attemptBoth');
  if (found === undefined) {
    throw new InputError('INPUT_QR', msg('core.devices:qrImage.noCode'));
  }
  return found;
}

/**
 * The text of a QR code in these pixels, or undefined. `dontInvert` (dark code on light) is
 * twice as fast, for camera frames read many times a second.
 */
export async function decodeQrPixels(
  pixels: ImageData,
  inversion: 'attemptBoth' | 'dontInvert',
): Promise<string | undefined> {
  const { default: jsQR } = await loadDecoder();
  const found = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: inversion });
  return found && found.data !== '' ? found.data : undefined;
}
