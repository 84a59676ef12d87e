import { describe, expect, it } from 'vitest';
import { beaconApi } from './beaconApi';

const URL = 'https://beacon.example/';
const ROOT = '0x5afc212a7924789b2bc86acad3ab3a6ffb1f6e97253ea50bee7f4f51422c9275';

type Seen = { url: string; init: RequestInit };

function answering(respond: (url: string, init: RequestInit) => Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return respond(url, init);
  };
  return { seen, fetch };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('beaconApi', () => {
  it('asks the light-client routes under the URL the person gave, for JSON, without credentials', async () => {
    const { seen, fetch } = answering(() => json({ version: 'capella', data: {} }));
    const api = beaconApi(URL, { fetch });
    expect(await api.bootstrap(ROOT)).toEqual({ version: 'capella', data: {} });
    await api.updates(862, 6);
    await api.finalityUpdate();
    await api.optimisticUpdate();
    expect(seen.map((request) => request.url)).toEqual([
      `https://beacon.example/eth/v1/beacon/light_client/bootstrap/${ROOT}`,
      'https://beacon.example/eth/v1/beacon/light_client/updates?start_period=862&count=6',
      'https://beacon.example/eth/v1/beacon/light_client/finality_update',
      'https://beacon.example/eth/v1/beacon/light_client/optimistic_update',
    ]);
    // Only CORS-safelisted headers: a browser sends these without a preflight.
    expect(seen[0]?.init).toMatchObject({ headers: { accept: 'application/json' }, credentials: 'omit' });
    expect(api.url).toBe(URL);
  });

  it('turns a TypeError from fetch (what a browser gives for a CORS refusal) into VERIFY_BEACON_REFUSED', async () => {
    const { fetch } = answering(() => Promise.reject(new TypeError('Failed to fetch')));
    const request = beaconApi(URL, { fetch }).finalityUpdate();
    await expect(request).rejects.toMatchObject({ code: 'VERIFY_BEACON_REFUSED' });
    await expect(request).rejects.toThrow(URL);
    await expect(request).rejects.toThrow(/Lighthouse --http-allow-origin.*Lodestar --rest.cors/);
  });

  it('turns an HTTP error into VERIFY_BEACON_UNREACHABLE naming the status', async () => {
    const { fetch } = answering(() => json({ message: 'busy' }, 503));
    const request = beaconApi(URL, { fetch }).updates(862, 6);
    await expect(request).rejects.toMatchObject({ code: 'VERIFY_BEACON_UNREACHABLE' });
    await expect(request).rejects.toThrow(`${URL} did not answer (HTTP 503).`);
  });

  it('turns a request that outlasts the timeout into VERIFY_BEACON_UNREACHABLE', async () => {
    const { fetch } = answering(
      (_, init) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const request = beaconApi(URL, { fetch, timeoutMs: 20 }).finalityUpdate();
    await expect(request).rejects.toMatchObject({ code: 'VERIFY_BEACON_UNREACHABLE' });
    await expect(request).rejects.toThrow(/did not answer \(no answer in 1 s\)/);
  });

  it('turns an answer that is not JSON into VERIFY_BEACON_UNREACHABLE', async () => {
    const { fetch } = answering(() => Promise.resolve(new Response('<html>a web page</html>')));
    await expect(beaconApi(URL, { fetch }).finalityUpdate()).rejects.toThrow(/did not answer \(not JSON\)/);
  });

  it('reads a bootstrap the node does not have (404) as a checkpoint that does not verify', async () => {
    const { fetch } = answering(() => json({ code: 404, message: 'not found' }, 404));
    const request = beaconApi(URL, { fetch }).bootstrap(ROOT);
    await expect(request).rejects.toMatchObject({ code: 'VERIFY_CHECKPOINT_INVALID' });
    await expect(request).rejects.toThrow(ROOT);
  });
});
