import { useCallback, useEffect, useState } from 'react';
import { type Ur, UrEncoder } from '@/core/ur/ur';
import { useT } from '@/lib/i18n';
import { QrCode } from './QrCode';
import ui from './ui.module.css';

/** Bytes per frame: a QR code of version 11 or so, which phone and device cameras read at arm's length. */
export const UR_FRAME_BYTES = 200;
/** Frames shown per second: slow enough for every camera to keep up, fast enough for a 2 KB request in 1.3 s. */
export const UR_FRAMES_PER_SECOND = 8;

/**
 * A Uniform Resource as a QR code: one still code when it fits a frame, otherwise an animation of
 * fountain-coded frames that a device reads in any order. Upper case, so the code uses QR's
 * compact alphanumeric mode. The animation can be paused and stepped (WCAG 2.2.2). Keyed by its
 * message: the `ur` it was first given is the one it shows.
 */
export function AnimatedUrCode({ ur, label }: { ur: Ur; label: string }) {
  const t = useT();
  // One animation per message: a caller with another message gives this a new key.
  const [encoder] = useState(() => new UrEncoder(ur, UR_FRAME_BYTES));
  const [frame, setFrame] = useState(() => ({ n: 1, text: encoder.nextPart().toUpperCase() }));
  const [paused, setPaused] = useState(false);
  const next = useCallback(() => {
    const text = encoder.nextPart().toUpperCase();
    setFrame((f) => ({ n: f.n + 1, text }));
  }, [encoder]);

  useEffect(() => {
    if (encoder.isSinglePart || paused) return;
    const timer = setInterval(next, 1000 / UR_FRAMES_PER_SECOND);
    return () => clearInterval(timer);
  }, [encoder, paused, next]);

  if (encoder.isSinglePart) return <QrCode value={frame.text} label={label} size={280} />;
  return (
    <div className={ui.stack}>
      <QrCode
        value={frame.text}
        label={t('common:urCode.animatedLabel', { label, parts: encoder.fragmentCount })}
        size={280}
      />
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {paused ? t('common:urCode.play') : t('common:urCode.pause')}
        </button>
        {paused && (
          <button type="button" className={ui.secondary} onClick={next}>
            {t('common:urCode.nextFrame', { frame: frame.n })}
          </button>
        )}
      </div>
    </div>
  );
}
