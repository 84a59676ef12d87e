import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createSessionStore, type PersistedSettings } from '@/core/session/sessionStore';
import { indexedDbSettingsStore, openCairnDatabase } from '@/core/storage/database';
import { type KeyValueStore, memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { SessionProvider } from '@/lib/session';
import { createAppRouter } from './router';
import { localRpcUrlFromPage } from './runtimeConfig';
import './styles.css';

async function openSettings(): Promise<KeyValueStore<PersistedSettings>> {
  try {
    return indexedDbSettingsStore<PersistedSettings>(await openCairnDatabase());
  } catch {
    // IndexedDB can be unavailable (some private modes); run without persistence.
    return memoryKeyValueStore<PersistedSettings>();
  }
}

async function start() {
  const store = await createSessionStore({
    localRpcUrl: localRpcUrlFromPage(document),
    settings: await openSettings(),
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <SessionProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={createAppRouter()} />
        </QueryClientProvider>
      </SessionProvider>
    </StrictMode>,
  );
}

void start();
