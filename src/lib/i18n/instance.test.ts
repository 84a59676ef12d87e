import { describe, expect, it } from 'vitest';
import { amountValue, untrustedValue } from '@/core/i18n/message';
import { NAMESPACES } from './catalogLoader';
import { t as installedT } from './installed';
import { createI18n } from './instance';

describe('messages in the language shown', () => {
  // A runtime of its own: the one the tests' setup installed stays in English.
  const { showLocale, t } = createI18n();

  const when = new Date(Date.UTC(2026, 10, 24, 15, 30));
  const values = { amount: 1234.5, when, decimal: ',' };

  it('formats numbers and dates in the message by the language', async () => {
    await showLocale('de', NAMESPACES);
    const text = t('settings:language.formats', values);
    expect(text).toContain('1.234,5');
    expect(text).toContain('November 2026');
  });

  it('writes an amount value in its own language, not the installed runtime’s', async () => {
    await showLocale('de', NAMESPACES);
    expect(t('approvals:allowed.amount', { amount: amountValue(12345n, 1) })).toBe('1.234,5');
    expect(t('approvals:allowed.amount', { amount: amountValue(12345n, 1, undefined, { full: true }) })).toBe('1234,5');
    expect(installedT('approvals:allowed.amount', { amount: amountValue(12345n, 1) })).toBe('1,234.5');
  });

  it('in the pseudo-locale accents the words a date brings in as well, leaving no plain Latin letter', async () => {
    await showLocale('en-XA', NAMESPACES);
    const text = t('settings:language.formats', { ...values, decimal: '.' });
    expect(text.startsWith('⟦')).toBe(true);
    expect(text).toContain('1,234.5');
    expect(text).not.toMatch(/[A-Za-z]/);
  });

  it('in the pseudo-locale marks each value of plain text with ⟪ ⟫, an untrusted value left unaccented inside', async () => {
    await showLocale('en-XA', NAMESPACES);
    const text = t('core.devices:wallet.refusedSaying', {
      name: untrustedValue('Test Wallet', 'name'),
      words: untrustedValue('User said\u202E no', 'said'),
    });
    expect(text).toContain('⟪Test Wallet⟫');
    expect(text).toContain('⟪User said\\u{202E} no⟫');
    expect(text.replace(/⟪[^⟫]*⟫/g, '')).not.toMatch(/[A-Za-z]/);
  });
});
