// T renders a catalog message with its values in place; a sentence that names one value twice
// renders it twice, without React's duplicate-key warning (children lost or doubled on update).
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { msg } from '@/core/i18n/message';
import { T } from './T';

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

it('renders a value named twice in one sentence, twice, with no duplicate-key warning', () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  flushSync(() => root.render(<T message={msg('core.devices:wallet.stoppedWaiting', { name: 'Frame' })} />));
  expect(document.body.textContent?.match(/Frame/g)).toHaveLength(2);
  expect(errors.mock.calls.flat().join(' ')).not.toContain('same key');
  root.unmount();
});
