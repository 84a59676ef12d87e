import { type ChangeEvent, useState } from 'react';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Contact } from '@/core/addressBook/contact';
import { exportContactsCsv, exportContactsJson, parseContactsFile } from '@/core/addressBook/contactFiles';
import { isCairnError } from '@/core/errors/base';
import { type Message, msg } from '@/core/i18n/message';
import { downloadText, readSmallTextFile } from '@/lib/browser/download';
import { translate, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useSession, useWhenStored } from '@/lib/stores/session';
import styles from './addressBook.module.css';

/** Shows at most this many import problems; the rest are counted. */
const MAX_PROBLEMS_SHOWN = 50;

/** Export to JSON or CSV; import either, adding only addresses not already named. */
export function FilesSection({ contacts }: { contacts: readonly Contact[] }) {
  const t = useT('addressBook');
  return (
    <section className={ui.section} aria-labelledby="files-title">
      <h2 id="files-title">{t('addressBook:files.title')}</h2>
      <p>{t('addressBook:files.explained')}</p>
      <div className={ui.actions}>
        <button
          type="button"
          className={ui.secondary}
          onClick={() => downloadText(t('addressBook:files.jsonName'), exportContactsJson(contacts))}
        >
          {t('addressBook:files.exportJson')}
        </button>
        <button
          type="button"
          className={ui.secondary}
          onClick={() => downloadText(t('addressBook:files.csvName'), exportContactsCsv(contacts), 'text/csv')}
        >
          {t('addressBook:files.exportCsv')}
        </button>
      </div>
      <ImportContacts />
    </section>
  );
}

/** What an import did: how many were added and skipped, and the problems core found in the file. */
type ImportReport = { summary: Message; problems: readonly (Message | string)[] };

function readFailure(error: unknown): Message | string {
  if (isCairnError(error) && error.code === 'INPUT_FILE_TOO_LARGE') return msg('addressBook:files.tooLarge');
  return errorMessage(error);
}

/** The file input: reads the file, adds the new contacts and says what was imported and refused. */
function ImportContacts() {
  const t = useT('addressBook');
  const networks = useSession((s) => s.networks);
  const importContacts = useSession((s) => s.importContacts);
  const whenStored = useWhenStored();
  const [error, setError] = useState<Message | string>();
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
    if (!(await whenStored())) return;
    const summary = msg('addressBook:files.imported', { added: merged.added, skipped: merged.skipped });
    setReport({ summary, problems: parsed.problems });
  };

  return (
    <>
      <Field label={t('addressBook:files.import')} error={error}>
        <input type="file" accept=".json,.csv,application/json,text/csv,text/plain" onChange={importFile} />
      </Field>
      <div role="status">{report && <ImportResult report={report} />}</div>
    </>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  const t = useT('addressBook');
  const shown = report.problems.slice(0, MAX_PROBLEMS_SHOWN);
  const hidden = report.problems.length - shown.length;
  return (
    <>
      <p>
        <T message={report.summary} />
      </p>
      {shown.length > 0 && (
        <div className={ui.noticeWarning}>
          <p>{t('addressBook:files.problems')}</p>
          <ul className={styles.problems}>
            {shown.map((problem) => (
              <li key={translate(problem)}>
                <T message={problem} />
              </li>
            ))}
          </ul>
          {hidden > 0 && <p>{t('addressBook:files.moreProblems', { count: hidden })}</p>}
        </div>
      )}
    </>
  );
}
