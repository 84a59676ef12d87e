import { type ChangeEvent, useState } from 'react';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import type { Contact } from '@/core/addressBook/contact';
import { exportContactsCsv, exportContactsJson, parseContactsFile } from '@/core/addressBook/contactFiles';
import { isCairnError } from '@/core/errors/base';
import { downloadText, readSmallTextFile } from '@/lib/download';
import { errorText } from '@/lib/errorMessages';
import { useSession } from '@/lib/session';
import styles from './addressBook.module.css';

/** Shows at most this many import problems; the rest are counted. */
const MAX_PROBLEMS_SHOWN = 50;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Export to JSON or CSV; import either, adding only addresses not already named. */
export function FilesSection({ contacts }: { contacts: readonly Contact[] }) {
  return (
    <section className={ui.section} aria-labelledby="files-title">
      <h2 id="files-title">Import and export</h2>
      <p>
        A JSON file opens again in Cairn; a CSV file (name, address, network) also opens in a spreadsheet. Both list
        addresses in the clear: store them where you would store your contacts.
      </p>
      <div className={ui.actions}>
        <button
          type="button"
          className={ui.secondary}
          onClick={() => downloadText('cairn-address-book.json', exportContactsJson(contacts))}
        >
          Export JSON
        </button>
        <button
          type="button"
          className={ui.secondary}
          onClick={() => downloadText('cairn-address-book.csv', exportContactsCsv(contacts), 'text/csv')}
        >
          Export CSV
        </button>
      </div>
      <ImportContacts />
    </section>
  );
}

type ImportReport = { summary: string; problems: string[] };

function readFailure(error: unknown): string {
  if (isCairnError(error) && error.code === 'INPUT_FILE_TOO_LARGE') {
    return 'This file is too large to be an address book (over 1 MB). Choose the file you exported.';
  }
  return errorText(error);
}

/** The file input: reads the file, adds the new contacts and says what was imported and refused. */
function ImportContacts() {
  const networks = useSession((s) => s.networks);
  const importContacts = useSession((s) => s.importContacts);
  const [error, setError] = useState<string>();
  const [report, setReport] = useState<ImportReport>();

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError(undefined);
    setReport(undefined);
    let text: string;
    try {
      text = await readSmallTextFile(file);
    } catch (e) {
      setError(readFailure(e));
      return;
    } finally {
      input.value = '';
    }
    const parsed = parseContactsFile(text, {
      newId: () => crypto.randomUUID(),
      now: Date.now(),
      knownNetworkIds: networks.map((n) => n.id),
    });
    const merged = importContacts(parsed.contacts);
    const summary = `Imported ${plural(merged.added, 'contact')}, skipped ${merged.skipped} already present.`;
    setReport({ summary, problems: parsed.problems });
  };

  return (
    <>
      <Field label="Import contacts (JSON or CSV)" error={error}>
        <input type="file" accept=".json,.csv,application/json,text/csv,text/plain" onChange={importFile} />
      </Field>
      <div role="status">{report && <ImportResult report={report} />}</div>
    </>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  const shown = report.problems.slice(0, MAX_PROBLEMS_SHOWN);
  const hidden = report.problems.length - shown.length;
  return (
    <>
      <p>{report.summary}</p>
      {shown.length > 0 && (
        <div className={ui.noticeWarning}>
          <p>Problems in the file:</p>
          <ul className={styles.problems}>
            {shown.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          {hidden > 0 && <p>…and {plural(hidden, 'more problem')}.</p>}
        </div>
      )}
    </>
  );
}
