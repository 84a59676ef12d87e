import type { Message } from '@/core/i18n/message';
import type { QrCamera } from '@/lib/browser/useQrCamera';
import { useT } from '@/lib/i18n';
import styles from './UrScanner.module.css';
import ui from './ui.module.css';

/** The button that starts or stops a QR camera, and its picture while it runs. */
export function CameraPreview({
  camera,
  what,
  onStart,
  onStop,
}: {
  camera: QrCamera;
  /** What to hold in front of the camera, as the object of a sentence. */
  what: Message | string;
  onStart(): void;
  onStop(): void;
}) {
  const t = useT();
  return (
    <>
      <div className={ui.actions}>
        {camera.state === 'off' ? (
          <button type="button" className={ui.secondary} onClick={onStart}>
            {t('common:urScanner.start')}
          </button>
        ) : (
          <button type="button" className={ui.secondary} onClick={onStop}>
            {t('common:urScanner.stop')}
          </button>
        )}
      </div>
      {/* biome-ignore lint/a11y/useMediaCaption: the camera's own picture, without sound */}
      <video
        ref={camera.video}
        className={styles.preview}
        hidden={camera.state === 'off'}
        aria-label={t('common:urScanner.cameraView', { what })}
      />
    </>
  );
}
