import { useRef, useState } from 'react';
import type { Message } from '@/core/i18n/message';
import { type Ur, UrDecoder } from '@/core/ur/ur';
import { useQrCamera } from '@/lib/browser/useQrCamera';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { CameraPreview } from './CameraPreview';
import { QrImageField } from './QrImageField';
import { T } from './T';
import ui from './ui.module.css';

/**
 * Reads a Uniform Resource (`ur:…`) from the camera, frame by frame for an animated code, or
 * from a photo or screenshot of a still one. `onUr` gets the whole message and says (maybe
 * later) what is wrong with it, if anything; the scan then starts again.
 */
export function UrScanner({
  what,
  onUr,
}: {
  /**
   * What to scan, inside a sentence: "the code your device shows" (a Message, or words in the
   * language shown). It is the object of the sentence: German in the accusative ("den Code, den
   * Ihr Gerät anzeigt"), Spanish with its article ("el código que muestra tu dispositivo").
   */
  what: Message | string;
  onUr: (ur: Ur) => Promise<Message | string | undefined> | Message | string | undefined;
}) {
  const t = useT();
  const decoder = useRef(new UrDecoder());
  const [progress, setProgress] = useState<{ known: number; total: number }>();
  const [scanError, setError] = useState<Message | string>();
  const camera = useQrCamera((text) => {
    const problem = take(text);
    if (problem !== undefined) setError(problem);
  });
  const stop = camera.stop;
  const error = scanError ?? camera.error;

  /** Takes one scanned text; returns the sentence to show, if any. */
  const take = (text: string): Message | string | undefined => {
    try {
      if (!decoder.current.receive(text)) return undefined;
      const whole = decoder.current.result();
      if (!whole) {
        setProgress(decoder.current.progress());
        return undefined;
      }
      stop();
      decoder.current = new UrDecoder();
      setProgress(undefined);
      const problem = onUr(whole);
      if (!(problem instanceof Promise)) return problem;
      void problem.then((later) => later !== undefined && setError(later));
      return undefined;
    } catch (e) {
      return errorMessage(e);
    }
  };

  const start = () => {
    setError(undefined);
    void camera.start();
  };

  const restart = () => {
    decoder.current = new UrDecoder();
    setProgress(undefined);
    setError(undefined);
  };

  return (
    <div className={ui.stack}>
      <CameraPreview camera={camera} what={what} onStart={start} onStop={stop} />
      {progress && (
        <div className={ui.actions}>
          <p role="status" className={ui.flush}>
            {t('common:urScanner.progress', { known: progress.known, total: progress.total })}
          </p>
          <button type="button" className={ui.secondary} onClick={restart}>
            {t('common:urScanner.restart')}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={error} />
        </p>
      )}
      <QrImageField
        label={t('common:urScanner.photo.label')}
        hint={t('common:urScanner.photo.hint', { what })}
        onText={(text) => {
          setError(undefined);
          return take(text);
        }}
      />
    </div>
  );
}
