import { type Abi, type Address, getAddress, isAddress } from 'viem';
import type { ExplorerConfig, ExplorerFetch } from '../activity/explorer';
import { readAnswer } from '../activity/explorerParse';
import { CairnError, toSafeDetails } from '../errors/base';
import { ExplorerError } from '../errors/explorer';
import { parseAbiJson } from './abiJson';

/**
 * The explorer has no verified source for the address (Etherscan: "Contract source code not
 * verified"): it may not be a contract, or its author never published the source there.
 */
export class ContractNotVerifiedError extends CairnError<'EXPLORER_ABI_NOT_VERIFIED'> {
  override readonly name = 'ContractNotVerifiedError';
  readonly host: string;
  readonly address: Address;

  constructor(args: { host: string; address: Address }) {
    super(
      'EXPLORER_ABI_NOT_VERIFIED',
      `The explorer at ${args.host} has no verified source code for ${args.address} on this network, so it has no ABI to give. Choose a known standard or paste the ABI instead.`,
    );
    this.host = args.host;
    this.address = args.address;
  }
}

/** Waits before each retry of a rate-limited request (as for history). */
const RETRY_DELAYS = [1200, 2400, 4800] as const;
const TIMEOUT_MS = 15_000;

const defaultFetch: ExplorerFetch = (url, init) =>
  globalThis.fetch(url, { signal: init?.signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const SETTINGS = 'Settings → History explorers';

/**
 * The ABI an Etherscan API v2 (or compatible) explorer holds for a verified contract, read with
 * `module=contract&action=getabi` and the person's own key. The request carries no cookies and
 * no referrer; the key never appears in an error.
 *
 * Throws ContractNotVerifiedError (EXPLORER_ABI_NOT_VERIFIED) when the explorer has no verified
 * source for the address, and ExplorerError: EXPLORER_INVALID_KEY, EXPLORER_RATE_LIMITED (after
 * three retries), EXPLORER_UNSUPPORTED_CHAIN, EXPLORER_UNAVAILABLE (network failure, timeout,
 * HTTP 5xx), EXPLORER_MALFORMED (an answer or an ABI Cairn cannot read), EXPLORER_ERROR (any
 * other refusal, a bad URL).
 */
export async function fetchVerifiedAbi(args: {
  config: ExplorerConfig;
  chainId: number;
  address: Address;
  fetch?: ExplorerFetch | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}): Promise<Abi> {
  const { config, chainId } = args;
  const fetch = args.fetch ?? defaultFetch;
  const sleep = args.sleep ?? defaultSleep;
  let url: URL;
  try {
    url = new URL(config.baseUrl);
  } catch {
    throw new ExplorerError('EXPLORER_ERROR', `The explorer API URL is not valid: check it in ${SETTINGS}.`, {
      host: '',
    });
  }
  const host = url.host;
  if (!isAddress(args.address, { strict: false })) {
    throw new ExplorerError('EXPLORER_ERROR', 'Cairn can only ask the explorer about a valid contract address.', {
      host,
    });
  }
  const address = getAddress(args.address.toLowerCase());
  url.searchParams.set('chainid', String(chainId));
  url.searchParams.set('module', 'contract');
  url.searchParams.set('action', 'getabi');
  url.searchParams.set('address', address);
  url.searchParams.set('apikey', config.apiKey);
  const requestUrl = url.toString();

  /** One line of explorer or network text for `details`, with the API key (in any encoding) masked. */
  const safe = (raw: unknown): string => {
    let text = raw instanceof Error ? `${raw.name}: ${raw.message}` : String(raw);
    const key = config.apiKey;
    if (key !== '') {
      const forms = [key, encodeURIComponent(key), new URLSearchParams({ k: key }).toString().slice(2)];
      for (const form of forms) text = text.split(form).join('[API key]');
    }
    return toSafeDetails(`getabi: ${text}`);
  };
  const fail = (code: ExplorerError['code'], message: string, details?: unknown) =>
    new ExplorerError(code, message, { host, details: details === undefined ? undefined : safe(details) });
  const malformed = (problem: string) =>
    fail(
      'EXPLORER_MALFORMED',
      `The explorer at ${host} sent an answer Cairn cannot read. Check the explorer API URL in ${SETTINGS}.`,
      problem,
    );

  for (let attempt = 0; ; attempt++) {
    const answer = await requestOnce(fetch, requestUrl, { host, fail });
    let outcome: 'retry' | Abi;
    if (answer.status === 429) {
      outcome = 'retry';
    } else {
      const said = readAnswer(answer.body);
      if (!answer.ok && said.kind !== 'rateLimited' && said.kind !== 'invalidKey' && said.kind !== 'unsupportedChain') {
        if (answer.status >= 500 || answer.status === 408) {
          throw fail(
            'EXPLORER_UNAVAILABLE',
            `The explorer at ${host} is having trouble (HTTP ${answer.status}). Try again in a few minutes.`,
            `HTTP ${answer.status} ${answer.body.slice(0, 120)}`,
          );
        }
        throw fail(
          'EXPLORER_ERROR',
          `The explorer at ${host} answered HTTP ${answer.status}. Check the explorer API URL and key in ${SETTINGS}.`,
          `HTTP ${answer.status} ${answer.body.slice(0, 120)}`,
        );
      }
      switch (said.kind) {
        case 'value': {
          outcome = readAbi(said.value, malformed, () => new ContractNotVerifiedError({ host, address }));
          break;
        }
        case 'items':
          throw malformed('expected the ABI as text, got a list');
        case 'malformed':
          throw malformed(said.problem);
        case 'rateLimited':
          outcome = 'retry';
          break;
        case 'invalidKey':
          throw fail(
            'EXPLORER_INVALID_KEY',
            `The explorer at ${host} refused the API key: check it in ${SETTINGS}.`,
            said.text,
          );
        case 'unsupportedChain': {
          const why = said.plan ? ' with this API key’s plan' : '';
          throw fail(
            'EXPLORER_UNSUPPORTED_CHAIN',
            `The explorer at ${host} does not serve chain id ${chainId}${why}: choose another explorer or key for this network in ${SETTINGS}.`,
            said.text,
          );
        }
        case 'refused':
          if (/not verified|source code not/i.test(said.text)) throw new ContractNotVerifiedError({ host, address });
          if (/invalid address/i.test(said.text)) {
            throw fail('EXPLORER_ERROR', `The explorer at ${host} says ${address} is not a valid address.`, said.text);
          }
          throw fail(
            'EXPLORER_ERROR',
            `The explorer at ${host} refused to give the ABI. Try again later, or check the explorer in ${SETTINGS}.`,
            said.text,
          );
      }
    }
    if (outcome !== 'retry') return outcome;
    const delay = RETRY_DELAYS[attempt];
    if (delay === undefined) {
      throw fail(
        'EXPLORER_RATE_LIMITED',
        `The explorer at ${host} is limiting requests and still refused after ${RETRY_DELAYS.length} retries. Wait a minute and try again, or use an API key with a higher limit.`,
        `HTTP ${answer.status}`,
      );
    }
    await sleep(delay);
  }
}

/** The ABI inside a successful answer: Etherscan sends it as JSON text in `result`. */
function readAbi(
  value: string,
  malformed: (problem: string) => ExplorerError,
  notVerified: () => ContractNotVerifiedError,
): Abi {
  // Some compatible explorers answer status "1" with the refusal as the result.
  if (/not verified/i.test(value)) throw notVerified();
  try {
    return parseAbiJson(value);
  } catch (error) {
    throw malformed(
      `the ABI it sent is not usable: ${error instanceof CairnError ? error.shortMessage : 'unreadable'}`,
    );
  }
}

async function requestOnce(
  fetch: ExplorerFetch,
  url: string,
  ctx: { host: string; fail: (code: ExplorerError['code'], message: string, details?: unknown) => ExplorerError },
): Promise<{ ok: boolean; status: number; body: string }> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('timeout'));
    }, TIMEOUT_MS);
  });
  try {
    const read = async () => {
      const response = await fetch(url, { signal: controller.signal });
      return { ok: response.ok, status: response.status, body: await response.text() };
    };
    return await Promise.race([read(), timeout]);
  } catch (error) {
    if (controller.signal.aborted) {
      throw ctx.fail(
        'EXPLORER_UNAVAILABLE',
        `The explorer at ${ctx.host} did not answer within 15 s. Try again later.`,
      );
    }
    throw ctx.fail(
      'EXPLORER_UNAVAILABLE',
      `Cairn could not reach the explorer at ${ctx.host}. Check your connection and try again.`,
      error,
    );
  } finally {
    clearTimeout(timer);
  }
}
