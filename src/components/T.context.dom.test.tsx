// Components word messages with the runtime the page hands them (I18nProvider), and follow its
// changes of language; the one the tests' setup installed stays in English meanwhile.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { I18nProvider } from '@/lib/i18n/context';
import { t } from '@/lib/i18n/installed';
import { createI18n } from '@/lib/i18n/instance';
import { useT } from '@/lib/i18n/useT';
import { words } from '@/testing/catalogWords';
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
