import { storageUnavailableSentence } from '@/core/storage/storageFailure';

/**
 * The page when this browser's storage for Cairn cannot be opened: Cairn does not start, rather
 * than run on memory that would lose every key created or imported when the window closes, or
 * touch a database a newer Cairn wrote. Plain DOM: none of the app is needed to say it.
 */
export function refuseWithoutStorage(root: HTMLElement, error: unknown): void {
  const main = document.createElement('main');
  const heading = document.createElement('h1');
  heading.textContent = 'Cairn cannot start in this browser window';
  const reason = document.createElement('p');
  reason.setAttribute('role', 'alert');
  reason.textContent = storageUnavailableSentence(error);
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => location.reload());
  main.append(heading, reason, reload);
  root.replaceChildren(main);
}
