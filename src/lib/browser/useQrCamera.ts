import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Message } from '@/core/i18n/message';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { startQrCamera } from './qrCamera';

/** What starts the camera and reads codes from it (startQrCamera; a fake in tests). */
export type QrCameraStarter = typeof startQrCamera;

export type QrCamera = {
  video: RefObject<HTMLVideoElement | null>;
  state: 'off' | 'starting' | 'on';
  /** Why the camera could not start, in a sentence. */
  error: Message | string | undefined;
  start(): Promise<void>;
  stop(): void;
};

/**
 * The camera shown in `video` and read for QR codes, each text found passed to `onText` (the
 * latest one given). A start that resolves after a later stop (or unmount) stops at once.
 */
export function useQrCamera(onText: (text: string) => void, starter: QrCameraStarter = startQrCamera): QrCamera {
  const video = useRef<HTMLVideoElement>(null);
  const stopCamera = useRef<(() => void) | undefined>(undefined);
  const generation = useRef(0);
  const latest = useRef(onText);
  latest.current = onText;
  const [state, setState] = useState<QrCamera['state']>('off');
  const [error, setError] = useState<Message | string>();

  useEffect(
    () => () => {
      generation.current++;
      stopCamera.current?.();
    },
    [],
  );

  const stop = () => {
    generation.current++;
    stopCamera.current?.();
    stopCamera.current = undefined;
    setState('off');
  };

  const start = async () => {
    if (!video.current) return;
    setError(undefined);
    setState('starting');
    const started = ++generation.current;
    try {
      const stopThis = await starter(video.current, (text) => latest.current(text));
      if (started !== generation.current) {
        stopThis();
        return;
      }
      stopCamera.current = stopThis;
      setState('on');
    } catch (e) {
      if (started !== generation.current) return;
      setState('off');
      setError(errorMessage(e));
    }
  };

  return { video, state, error, start, stop };
}
