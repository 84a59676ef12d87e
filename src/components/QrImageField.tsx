import { type ChangeEvent, useEffect, useState } from 'react';
import type { Message } from '@/core/i18n/message';
import { preloadQrReader, readQrFromImage } from '@/lib/browser/qrImage';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { Field } from './Field';

/**
 * Reads a QR code from a photo or screenshot chosen by the person (on a phone, the camera). The
 * text goes to `onText`, which says what is wrong with it, if anything.
 */
export function QrImageField({
  label,
  hint,
  onText,
}: {
  label: string;
  hint: string;
  /** Takes the decoded text; returns a sentence when it is not usable. */
  onText: (text: string, fileName: string) => Message | string | undefined;
}) {
  const t = useT();
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  // An offline device must not need the network to read a QR code later.
  useEffect(preloadQrReader, []);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      setError(onText(await readQrFromImage(file), file.name));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      input.value = '';
    }
  };
  return (
    <Field label={label} hint={busy ? t('common:qrImage.reading') : hint} error={error}>
      <input type="file" accept="image/*" capture="environment" onChange={choose} />
    </Field>
  );
}
