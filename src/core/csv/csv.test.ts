import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, readCsv, writeCsv } from './csv';

const FORMULA_START = /^[=+\-@\t\r]/;

/** What a spreadsheet sees in a written field: its text without the RFC 4180 quoting. */
function cellText(written: string): string {
  return written.startsWith('"') ? written.slice(1, -1).replaceAll('""', '"') : written;
}

const awkward = fc.constantFrom(
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  '\r\n',
  "'",
  "''",
  ',',
  '"',
  '""',
  ' ',
  'é',
  '😀',
);
const anyField = fc.string({ unit: fc.oneof(awkward, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })) });

describe('CSV writing', () => {
  it('guards fields a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('+1-555')).toBe("'+1-555");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('leaves other fields alone, quoting only what needs it', () => {
    expect(csvField('Alice')).toBe('Alice');
    expect(csvField('a=b+c')).toBe('a=b+c');
    expect(csvField("'quoted")).toBe("'quoted");
    expect(csvField('')).toBe('');
    expect(csvField('Smith, "Bob"\nJr')).toBe('"Smith, ""Bob""\nJr"');
  });

  it('adds one more quote to a field that already looks guarded, so it reads back as it was', () => {
    expect(csvField("'=1+1")).toBe("''=1+1");
    expect(readCsv(`${csvField("'=1+1")}\r\n`).records).toEqual([["'=1+1"]]);
  });

  it('ends every row, the last too, with CRLF', () => {
    expect(
      writeCsv([
        ['a', 'b'],
        ['c', '=d'],
      ]),
    ).toBe("a,b\r\nc,'=d\r\n");
    expect(writeCsv([])).toBe('');
  });

  it('never writes a field whose text starts a formula', () => {
    fc.assert(
      fc.property(anyField, (value) => {
        expect(cellText(csvField(value))).not.toMatch(FORMULA_START);
      }),
    );
  });
});

describe('CSV reading', () => {
  it('reads quoted fields, doubled quotes and any line end', () => {
    expect(readCsv('a,"b,c","say ""hi"""\nd,e\rf,"g\r\nh"\r\n')).toEqual({
      records: [
        ['a', 'b,c', 'say "hi"'],
        ['d', 'e'],
        ['f', 'g\r\nh'],
      ],
      unclosed: false,
    });
  });

  it('removes one guard quote, and only before what a guard protects', () => {
    expect(readCsv("'=HYPERLINK(1),'+1,'-1,'@x,''=y,'plain,it's\n").records).toEqual([
      ['=HYPERLINK(1)', '+1', '-1', '@x', "'=y", "'plain", "it's"],
    ]);
  });

  it('keeps a stray quote inside an unquoted field, and says when a quote is never closed', () => {
    expect(readCsv('ab"c,d\n').records).toEqual([['ab"c', 'd']]);
    expect(readCsv('a,"b\nc\n')).toEqual({ records: [['a', 'b\nc\n']], unclosed: true });
  });

  it('gives back exactly the rows that were written', () => {
    const rows = fc.array(fc.array(anyField, { minLength: 1, maxLength: 5 }), { maxLength: 6 });
    fc.assert(
      fc.property(rows, (written) => {
        expect(readCsv(writeCsv(written))).toEqual({ records: written, unclosed: false });
      }),
    );
  });
});
