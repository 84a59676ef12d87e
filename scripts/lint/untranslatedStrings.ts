// Words written into the UI's code instead of a catalog (see src/locales/README.md): JSX text with
// letters, and string literals with letters given to the attributes and props a person reads.
// Pure: takes a file's text, returns what it found. scripts/lint/lint-strings.ts runs it over src/.
import ts from 'typescript';

export type StringFinding = { line: number; text: string };

/** Props and attributes whose value a person reads (or a screen reader speaks). */
const READ_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'summary',
  'description',
  'heading',
  'emptyText',
]);

const LETTERS = /[A-Za-z]{2}/;

/** Found in a .tsx file's text. */
export function untranslatedStrings(fileName: string, source: string): StringFinding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: StringFinding[] = [];
  const add = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTERS.test(node.text)) add(node, node.text);
    if (ts.isJsxAttribute(node) && READ_PROPS.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value
          : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
            ? value.expression
            : undefined;
      if (literal && LETTERS.test(literal.text)) add(literal, literal.text);
      if (
        value &&
        ts.isJsxExpression(value) &&
        value.expression &&
        ts.isTemplateExpression(value.expression) &&
        LETTERS.test(value.expression.head.text + value.expression.templateSpans.map((s) => s.literal.text).join(''))
      ) {
        add(value.expression, value.expression.getText(file));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
