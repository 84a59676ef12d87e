import { useEffect, useRef, useState } from 'react';
import type { Message } from '@/core/i18n/message';
import { type QrCameraStarter, useQrCamera } from '@/lib/browser/useQrCamera';
import { useT } from '@/lib/i18n';
import { CameraPreview } from './CameraPreview';
import { T } from './T';
import ui from './ui.module.css';

/** How long the camera may show nothing readable before Cairn says so. */
const UNREAD_AFTER_MS = 10_000;

/**
 * Reads one still QR code's text from the live camera. `onText` says what is wrong with a text
 * read, if anything: then the sentence is shown and the same code is not taken again; a text it
 * takes stops the camera. When the camera cannot start, or reads nothing for a while, a sentence
 * says so and offers the other ways (typing, a photo).
 */
export function QrCameraScanner({
  what,
  onText,
  starter,
  unreadAfterMs = UNREAD_AFTER_MS,
}: {
  /** What to hold in front of the camera, as the object of a sentence (see UrScanner's `what`). */
  what: Message | string;
  onText(text: string): Message | string | undefined;
  /** The camera (the real one unless a test gives a fake). */
  starter?: QrCameraStarter;
  unreadAfterMs?: number;
}) {
  const t = useT();
  const refused = useRef<string>(undefined);
  const [problem, setProblem] = useState<Message | string>();
  const [unread, setUnread] = useState(false);
  const [readSince, setReadSince] = useState(0);
  const camera = useQrCamera((text) => {
    setReadSince((n) => n + 1);
    if (text === refused.current) return;
    const refusal = onText(text);
    if (refusal === undefined) {
      refused.current = undefined;
      setProblem(undefined);
      camera.stop();
      return;
    }
    refused.current = text;
    setProblem(refusal);
  }, starter);

  // Nothing read since the camera came on (or since the last read), for a while: say so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a read restarts the wait
  useEffect(() => {
    setUnread(false);
    if (camera.state !== 'on') return;
    const timer = setTimeout(() => setUnread(true), unreadAfterMs);
    return () => clearTimeout(timer);
  }, [camera.state, readSince, unreadAfterMs]);

  const start = () => {
    refused.current = undefined;
    setProblem(undefined);
    void camera.start();
  };
  const shown = problem ?? camera.error;

  return (
    <div className={ui.stack}>
      <CameraPreview camera={camera} what={what} onStart={start} onStop={camera.stop} />
      {unread && camera.state === 'on' && (
        <p role="status" className={ui.flush}>
          {t('common:qrCamera.unread')}
        </p>
      )}
      {shown && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={shown} />
        </p>
      )}
    </div>
  );
}
