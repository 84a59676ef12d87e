// Cairn's one CSV reader and writer (RFC 4180), for every file it exports or imports: the history,
// the address book. Exported fields can hold text from others (token symbols, contact names), and a
// spreadsheet runs a field that starts with = + - @ (or tab or CR) as a formula, so such a field is
// written with a leading ' (the guard OWASP recommends). Reading removes that one quote again.

/** A field a spreadsheet would read as a formula, possibly behind quotes a guard already added. */
const NEEDS_GUARD = /^'*[=+\-@\t\r]/;
/** A guarded field: reading drops its first quote. */
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * One field as written: guarded when a spreadsheet could take it for a formula, then quoted when
 * it holds a comma, a quote or a line break (inner quotes doubled). A field already starting with
 * quotes before such a character gets one more, so reading gives back exactly what was written.
 */
export function csvField(value: string): string {
  const guarded = NEEDS_GUARD.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** Rows as CSV text: fields joined by commas, every row (the last too) ended by CRLF. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** CSV records as arrays of fields; `unclosed` when the text ends inside a quoted field. */
export type CsvRecords = { records: string[][]; unclosed: boolean };

/**
 * Splits CSV text into records, each field with a writer's formula guard removed (so
 * readCsv(writeCsv(rows)) gives the rows back). Lenient with what other programs write: CRLF,
 * LF or CR end a record, and a quote inside an unquoted field is kept as text.
 */
export function readCsv(text: string): CsvRecords {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(GUARDED.test(field) ? field.slice(1) : field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') endField();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else field += char;
  }
  if (field !== '' || record.length > 0 || quoted) endRecord();
  return { records, unclosed: quoted };
}
