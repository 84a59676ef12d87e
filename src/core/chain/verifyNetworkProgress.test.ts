// Checking a network's RPC URLs one after another says which one is being asked, and how many
// answered before it: a dead URL can take the request's whole timeout.
import { afterEach, expect, it, vi } from 'vitest';
import { verifyNetwork } from './networkDraft';
import { localNetwork } from './networks';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('reports each URL as it is asked, with the number answered before it', async () => {
  const network = { ...localNetwork('https://a.example/'), rpcUrls: ['https://a.example/', 'https://b.example/'] };
  const chainId = `0x${network.chainId.toString(16)}`;
  vi.stubGlobal('fetch', async (_url: unknown, init?: { body?: unknown }) => {
    const body = JSON.parse(String(init?.body)) as { id: number } | { id: number }[];
    const answer = (request: { id: number }) => ({ jsonrpc: '2.0', id: request.id, result: chainId });
    return Response.json(Array.isArray(body) ? body.map(answer) : answer(body));
  });
  const heard: unknown[] = [];
  await verifyNetwork(network, { onProgress: (progress) => heard.push(progress) });
  expect(heard).toEqual([
    { url: 'https://a.example/', done: 0, total: 2 },
    { url: 'https://b.example/', done: 1, total: 2 },
  ]);
});
