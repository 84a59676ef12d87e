import { useId } from 'react';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import {
  decimalFormat,
  isLocaleChoice,
  LOCALE_NAMES,
  LOCALES,
  type LocaleChoice,
  localeFromBrowser,
  PSEUDO_LOCALE,
  useLocale,
  useT,
} from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';
import styles from './settings.module.css';

/** The language Cairn speaks: the browser's, or one chosen here (for every Cairn window of this browser). */
export function LanguageScreen() {
  const t = useT('settings');
  const id = useId();
  const locale = useLocale();
  const stored = useSession((s) => s.language);
  const setLanguage = useSession((s) => s.setLanguage);
  const choice: LocaleChoice = isLocaleChoice(stored) ? stored : 'browser';
  const browserLocale = localeFromBrowser(navigator.languages);
  const { decimal } = decimalFormat(locale);
  return (
    <Screen title={t('settings:language.title')}>
      <section className={ui.section}>
        <label htmlFor={id}>{t('settings:language.label')}</label>
        <select
          id={id}
          value={choice}
          aria-describedby={`${id}-formats`}
          onChange={(e) => {
            if (isLocaleChoice(e.target.value)) setLanguage(e.target.value);
          }}
        >
          <option value="browser">
            {t('settings:language.browser', {
              name: browserLocale === PSEUDO_LOCALE ? PSEUDO_LOCALE : LOCALE_NAMES[browserLocale],
            })}
          </option>
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l} translate="no">
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
        <p id={`${id}-formats`} className={styles.intro}>
          <T
            id="settings:language.formats"
            values={{ amount: 1234.5, when: new Date(Date.UTC(2026, 10, 24, 15, 30)), decimal }}
          />
        </p>
        <p className={ui.muted}>{t('settings:language.shared')}</p>
      </section>
    </Screen>
  );
}
