// Components word messages with the runtime the page hands them (I18nProvider), and follow its
// changes of language; the one the tests' setup installed stays in English meanwhile.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { amountValue } from '@/core/i18n/message';
import { I18nProvider } from '@/lib/i18n/context';
import { t } from '@/lib/i18n/installed';
import { createI18n } from '@/lib/i18n/instance';
import { useT } from '@/lib/i18n/useT';
import { words } from '@/testing/catalogWords';
import { Amount, Fiat } from './Amount';
import { T } from './T';

// This file wraps its updates in act(), which React checks it is told of.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const ID = 'settings:language.title';

function Title() {
  const say = useT('settings');
  return (
    <>
      <h1>{say(ID)}</h1>
      <p>
        <T id="common:start.reload" />
      </p>
    </>
  );
}

afterEach(() => {
  document.body.replaceChildren();
});

it('words a component with the provider’s runtime, and re-renders it when that runtime changes language', async () => {
  const i18n = createI18n();
  await i18n.showLocale('de', ['common', 'settings']);
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => {
    root.render(
      <I18nProvider i18n={i18n}>
        <Title />
      </I18nProvider>,
    );
  });
  expect(document.querySelector('h1')?.textContent).toBe(words('de', ID));
  expect(document.querySelector('p')?.textContent).toBe(words('de', 'common:start.reload'));
  expect(t(ID)).toBe(words('en', ID));

  await act(() => i18n.showLocale('es', ['common', 'settings']));
  expect(document.querySelector('h1')?.textContent).toBe(words('es', ID));
  expect(document.querySelector('p')?.textContent).toBe(words('es', 'common:start.reload'));
  act(() => root.unmount());
});

it('writes the amounts of a message in the provider’s language, as its words are', async () => {
  const i18n = createI18n();
  await i18n.showLocale('de', ['common', 'approvals']);
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => {
    root.render(
      <I18nProvider i18n={i18n}>
        <p>
          <T id="approvals:allowed.amount" values={{ amount: amountValue(12345n, 1) }} />
        </p>
        <p>
          <T id="approvals:allowed.amount" values={{ amount: amountValue(12345n, 1, 'TKN', { full: true }) }} />
        </p>
      </I18nProvider>,
    );
  });
  expect([...document.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['1.234,5', '1234,5 TKN']);
  act(() => root.unmount());
});

it('writes Amount and Fiat in the provider’s language', async () => {
  const i18n = createI18n();
  await i18n.showLocale('de', ['common']);
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => {
    root.render(
      <I18nProvider i18n={i18n}>
        <Amount value={12345n} decimals={1} symbol="TKN" />
        <Fiat value={1234_5n * 10n ** 17n} />
      </I18nProvider>,
    );
  });
  const [amount, fiat] = [...document.querySelectorAll('[data-amount]')];
  expect(amount?.querySelector('[aria-hidden="true"]')?.textContent).toBe('1.234,5 TKN');
  expect(amount?.getAttribute('title')).toBe('1234,5 TKN');
  expect(fiat?.textContent).toBe('1.234,50\u00a0$');
  act(() => root.unmount());
});
