import { isLocalPlainUrl } from '../chain/plainHttp';

/** A user-configured Etherscan API v2 (or compatible) endpoint and the user's own key. */
export type ExplorerConfig = { baseUrl: string; apiKey: string };

const MIN_KEY_LENGTH = 8;
const MAX_KEY_LENGTH = 128;

/**
 * Checks the explorer fields of the network form. Returns a sentence per faulty field, or
 * undefined when both are usable. Never repeats the key in a message.
 */
export function explorerConfigProblem(input: {
  baseUrl: string;
  apiKey: string;
}): { baseUrl?: string; apiKey?: string } | undefined {
  const problem: { baseUrl?: string; apiKey?: string } = {};
  const baseUrl = input.baseUrl.trim();
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (baseUrl === '') problem.baseUrl = 'Enter the explorer API URL, such as https://api.etherscan.io/v2/api.';
  else if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    problem.baseUrl = 'The explorer API URL must be a web address starting with https://.';
  } else if (url.protocol === 'http:' && !isLocalPlainUrl(url)) {
    problem.baseUrl =
      'Use https:// for the explorer API URL: plain http:// is only allowed on this computer (localhost or 127.0.0.1).';
  } else if (url.username !== '' || url.password !== '') {
    problem.baseUrl = 'Remove the user name and password from the explorer API URL.';
  } else if (baseUrl.includes('#')) {
    problem.baseUrl = 'Remove the “#” part from the explorer API URL.';
  } else if ([...url.searchParams.keys()].some((name) => name.toLowerCase() === 'apikey')) {
    problem.baseUrl = 'Remove the API key from the explorer API URL and enter it in its own field.';
  }

  const key = input.apiKey;
  if (key.trim() === '') problem.apiKey = 'Enter your API key for this explorer.';
  else if (/\s/.test(key)) problem.apiKey = 'The API key contains spaces or line breaks: remove them.';
  else if (!/^[\x21-\x7e]+$/.test(key)) problem.apiKey = 'The API key may only contain letters, digits and symbols.';
  else if (key.length < MIN_KEY_LENGTH)
    problem.apiKey = `This API key is too short: explorer keys have at least ${MIN_KEY_LENGTH} characters.`;
  else if (key.length > MAX_KEY_LENGTH)
    problem.apiKey = `The API key is too long: use at most ${MAX_KEY_LENGTH} characters.`;

  return problem.baseUrl === undefined && problem.apiKey === undefined ? undefined : problem;
}
