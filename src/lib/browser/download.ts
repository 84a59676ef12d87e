import { InputError } from '@/core/errors/input';
import { msg } from '@/core/i18n/message';

/** Saves text as a file through the browser's download (nothing leaves the device). */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a file chosen in an <input type=file>, refusing anything too large to be a key file. */
export async function readSmallTextFile(file: File, maxBytes = 1_000_000): Promise<string> {
  if (file.size > maxBytes) {
    throw new InputError(
      'INPUT_FILE_TOO_LARGE',
      msg('common:file.tooLarge', { kilobytes: Math.round(file.size / 1024) }),
    );
  }
  try {
    return await file.text();
  } catch (cause) {
    throw new InputError('INPUT_FILE_UNREADABLE', msg('common:file.unreadable'), { cause });
  }
}
