import ui from '@/components/ui.module.css';
import { downloadText } from '@/lib/browser/download';

/** Saves `text` as a file through the browser's download; nothing leaves the device. */
export function SaveFileButton({
  fileName,
  text,
  label,
  type = 'application/json',
}: {
  fileName: string;
  text: string;
  label: string;
  type?: string;
}) {
  return (
    <button type="button" className={ui.secondary} onClick={() => downloadText(fileName, text, type)}>
      {label}
    </button>
  );
}
