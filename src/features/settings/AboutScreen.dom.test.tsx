// Settings → About's publisher key row: labelled checked only when the worker that checked it
// also served this page. After a hard reload, or on a first visit before the worker claims the
// page, the worker runs and tells the page its state, but the page's manifest came from the server.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuildManifest } from '@/core/build/buildManifest';
import { groupedFingerprint } from '@/core/build/buildSignature';
import { type AppUpdateView, appUpdateStore } from '@/lib/browser/appUpdate';
import { AboutScreen } from './AboutScreen';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const KEY = 'c'.repeat(64);
// The file this code came from, as the build names it (its own name, in a folder).
const manifest: BuildManifest = {
  version: '1.0.0',
  commit: 'abc1234',
  sha256: 'a'.repeat(64),
  files: { 'assets/AboutScreen.tsx': 'b'.repeat(64) },
  key: KEY,
};
const workerSays = (view: Partial<AppUpdateView>) =>
  appUpdateStore.setState({
    active: true,
    signing: { mode: 'signed', key: KEY },
    state: { current: { hash: manifest.sha256, version: '1.0.0', commit: 'abc1234', key: KEY } },
    ...view,
  });

/** How often the manifest was fetched while a worker controlled the page. */
let fetchedThroughWorker = 0;
const unmounts: (() => void)[] = [];
beforeEach(() => {
  fetchedThroughWorker = 0;
  vi.stubGlobal('fetch', async () => {
    if (appUpdateStore.getState().controlled) fetchedThroughWorker++;
    return Response.json(manifest);
  });
});
afterEach(() => {
  for (const unmount of unmounts.splice(0)) act(unmount);
  vi.unstubAllGlobals();
  appUpdateStore.setState({ active: false, controlled: false, state: {}, signing: undefined });
});

async function keyRow(): Promise<() => string> {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  unmounts.push(() => root.unmount());
  await act(async () =>
    root.render(<AboutScreen build={{ version: '1.0.0', license: 'GPL', commit: 'abc1234', modified: false }} />),
  );
  const row = () => {
    const term = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Publisher key');
    return term?.nextElementSibling?.textContent ?? '';
  };
  await expect.poll(row).toContain(groupedFingerprint(KEY));
  return row;
}

const UNCHECKED = 'no service worker checked';

describe('About’s publisher key', () => {
  it('is the server’s unchecked word on a page no worker controls, though a signing worker runs and speaks to it', async () => {
    workerSays({ controlled: false });
    const row = await keyRow();
    expect(row()).toContain(UNCHECKED);
  });

  it('is checked once the worker takes the page, read again through it', async () => {
    workerSays({ controlled: false });
    const row = await keyRow();
    expect(fetchedThroughWorker).toBe(0);
    // A first visit: the new worker claims the page (controllerchange).
    await act(async () => appUpdateStore.setState({ controlled: true }));
    await expect.poll(row).not.toContain(UNCHECKED);
    expect(fetchedThroughWorker).toBe(1);
    expect(row()).toBe(groupedFingerprint(KEY));
  });

  it('is unchecked where the worker controlling the page vouches for no build, or another one', async () => {
    workerSays({ controlled: true, state: {} });
    const row = await keyRow();
    expect(row()).toContain(UNCHECKED);
    await act(async () => workerSays({ controlled: true, signing: { mode: 'unsigned' } }));
    expect(row()).toContain(UNCHECKED);
  });
});
