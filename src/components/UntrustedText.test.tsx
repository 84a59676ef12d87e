import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { Amount } from './Amount';
import { UntrustedText, HIDDEN_TEXT_WARNING as WARNING_ID } from './UntrustedText';

const HIDDEN_TEXT_WARNING = t(WARNING_ID);

const TRICK = 'US\u202eTD\u200d';
const RAW_HIDDEN = /[\u202e\u200d]/;

describe('untrusted text on screen', () => {
  it('shows ordinary text as it is, isolated from the text around it and never translated, with no warning', () => {
    expect(renderToStaticMarkup(<UntrustedText text="DAI" kind="symbol" />)).toBe('<bdi translate="no">DAI</bdi>');
  });

  it('shows hidden characters as codes, followed by a warning in words', () => {
    const html = renderToStaticMarkup(<UntrustedText text={TRICK} kind="symbol" />);
    expect(html).toContain('<bdi translate="no">US\\u{202E}TD\\u{200D}</bdi>');
    expect(html).toContain(`(${HIDDEN_TEXT_WARNING})`);
    expect(html).not.toMatch(RAW_HIDDEN);
    expect(renderToStaticMarkup(<UntrustedText text={TRICK} kind="symbol" warn={false} />)).toBe(
      '<bdi translate="no">US\\u{202E}TD\\u{200D}</bdi>',
    );
  });

  it('words its warning in the language shown', () => {
    expect(HIDDEN_TEXT_WARNING).toBe('contains hidden or direction-changing characters, shown as codes');
  });

  it('says when text was shortened', () => {
    const html = renderToStaticMarkup(<UntrustedText text={'x'.repeat(30)} kind="symbol" />);
    expect(html).toContain(`<bdi translate="no">${'x'.repeat(23)}…</bdi>`);
    expect(html).toContain('(shortened)');
  });

  it('shows an amount’s symbol as untrusted text everywhere it appears, the tooltip included', () => {
    const html = renderToStaticMarkup(<Amount value={1_500_000n} decimals={6} symbol={TRICK} />);
    expect(html).not.toMatch(RAW_HIDDEN);
    expect(html).toContain('title="1.5 US\\u{202E}TD\\u{200D}"');
    expect(html).toContain(HIDDEN_TEXT_WARNING);
    const quiet = renderToStaticMarkup(<Amount value={1n} decimals={0} symbol={TRICK} symbolWarning={false} />);
    expect(quiet).not.toContain(HIDDEN_TEXT_WARNING);
    expect(renderToStaticMarkup(<Amount value={1n} decimals={0} symbol="DAI" />)).not.toContain(HIDDEN_TEXT_WARNING);
  });
});
