// A node that answers JSON-RPC from recorded (or, where no recording exists, documented) answers,
// kept in src/testing/fixtures/ with their sources. Served as `fetch`, so a client of chainClient
// talks to it over its real http transport and batching; it notes each HTTP request and the calls
// in it. A call the recording does not hold fails the test that made it.

/** One JSON-RPC exchange as recorded. */
export type RecordedCall = {
  request: { method: string; params?: unknown[] };
  response: { result: unknown } | { error: { code: number; message: string } };
};

export type RecordedNodeFixture = { chainId: number; calls: RecordedCall[] };

type RpcRequest = { jsonrpc: '2.0'; id: number; method: string; params?: unknown[] };

/** What identifies a call: its method and arguments, hex in any case, the block tag left out. */
function callKey(method: string, params: readonly unknown[] = []): string {
  const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);
  if (method === 'eth_getCode') return `${method} ${lower(params[0])}`;
  if (method === 'eth_call') {
    const call = params[0] as { to?: string; data?: string; input?: string };
    return `${method} ${lower(call.to)} ${lower(call.data ?? call.input)}`;
  }
  return `${method} ${JSON.stringify(params)}`;
}

/** A fetch that serves `fixture`'s answers (and `eth_chainId`), noting every request's calls. */
export function recordedNode(fixture: RecordedNodeFixture) {
  const answers = new Map(fixture.calls.map((call) => [callKey(call.request.method, call.request.params), call]));
  const requests: string[][] = [];
  const answer = (request: RpcRequest) => {
    if (request.method === 'eth_chainId')
      return { jsonrpc: '2.0', id: request.id, result: `0x${fixture.chainId.toString(16)}` };
    const recorded = answers.get(callKey(request.method, request.params));
    if (!recorded) throw new Error(`the recording holds no answer to ${callKey(request.method, request.params)}`);
    return { jsonrpc: '2.0', id: request.id, ...recorded.response };
  };
  const fetch = async (_url: unknown, init?: { body?: unknown }) => {
    const body = JSON.parse(String(init?.body)) as RpcRequest | RpcRequest[];
    const calls = Array.isArray(body) ? body : [body];
    requests.push(calls.map((call) => call.method));
    return Response.json(Array.isArray(body) ? body.map(answer) : answer(body));
  };
  return { fetch, requests };
}

/** The recorded result of the fixture's first `method` call (a receipt, say); throws when there is none. */
export function recordedResult(fixture: RecordedNodeFixture, method: string): Record<string, unknown> {
  const response = fixture.calls.find((call) => call.request.method === method)?.response;
  if (!response || !('result' in response)) throw new Error(`the recording holds no ${method} result`);
  return response.result as Record<string, unknown>;
}
