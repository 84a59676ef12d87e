import ui from './ui.module.css';

/** An error beside what it is about, announced as it appears; nothing while there is none. */
export function ErrorAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={ui.noticeDanger}>
      {message}
    </p>
  );
}
