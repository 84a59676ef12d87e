import { storageUnavailableSentence } from '@/core/errors/storageFailure';
import { showBrowserLanguage, startMessageWords, startWords } from './wordsBeforeStart';

/**
 * The page when this browser's storage for Cairn cannot be opened: Cairn does not start, rather
 * than run on memory that would lose every key created or imported when the window closes, or
 * touch a database a newer Cairn wrote. Plain DOM: none of the app is needed to say it, in the
 * browser's language (the person's choice is in the storage that cannot be read).
 */
export async function refuseWithoutStorage(root: HTMLElement, error: unknown): Promise<void> {
  root.replaceChildren();
  await showBrowserLanguage();
  const main = document.createElement('main');
  const heading = document.createElement('h1');
  heading.textContent = startWords('common:start.noStorage.title');
  const reason = document.createElement('p');
  reason.setAttribute('role', 'alert');
  reason.textContent = startMessageWords(storageUnavailableSentence(error));
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = startWords('common:start.reload');
  reload.addEventListener('click', () => location.reload());
  main.append(heading, reason, reload);
  root.replaceChildren(main);
}
