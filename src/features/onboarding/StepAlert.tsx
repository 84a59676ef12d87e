import ui from '@/components/ui.module.css';

/** A step's error, announced as it appears; nothing while there is none. */
export function StepAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={ui.noticeDanger}>
      {message}
    </p>
  );
}
