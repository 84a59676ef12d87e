import { isLocalPlainUrl } from '../chain/plainHttp';
import { type Message, msg } from '../i18n/message';
import { sameWord } from '../text/sameWord';

/** A user-configured Etherscan API v2 (or compatible) endpoint and the user's own key. */
export type ExplorerConfig = { baseUrl: string; apiKey: string };

const MIN_KEY_LENGTH = 8;
const MAX_KEY_LENGTH = 128;

/**
 * Checks the explorer fields of the network form. Returns a message per faulty field, or
 * undefined when both are usable. Never repeats the key in a message.
 */
export function explorerConfigProblem(input: {
  baseUrl: string;
  apiKey: string;
}): { baseUrl?: Message; apiKey?: Message } | undefined {
  const problem: { baseUrl?: Message; apiKey?: Message } = {};
  const baseUrl = input.baseUrl.trim();
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (baseUrl === '') problem.baseUrl = msg('core.chain:explorer.config.baseUrl.empty');
  else if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    problem.baseUrl = msg('core.chain:explorer.config.baseUrl.notWeb');
  } else if (url.protocol === 'http:' && !isLocalPlainUrl(url)) {
    problem.baseUrl = msg('core.chain:explorer.config.baseUrl.plainHttp');
  } else if (url.username !== '' || url.password !== '') {
    problem.baseUrl = msg('core.chain:explorer.config.baseUrl.credentials');
  } else if (baseUrl.includes('#')) {
    problem.baseUrl = msg('core.chain:explorer.config.baseUrl.fragment');
  } else if ([...url.searchParams.keys()].some((name) => sameWord(name, 'apikey'))) {
    problem.baseUrl = msg('core.chain:explorer.config.baseUrl.apiKey');
  }

  const key = input.apiKey;
  if (key.trim() === '') problem.apiKey = msg('core.chain:explorer.config.apiKey.empty');
  else if (/\s/.test(key)) problem.apiKey = msg('core.chain:explorer.config.apiKey.spaces');
  else if (!/^[\x21-\x7e]+$/.test(key)) problem.apiKey = msg('core.chain:explorer.config.apiKey.characters');
  else if (key.length < MIN_KEY_LENGTH)
    problem.apiKey = msg('core.chain:explorer.config.apiKey.tooShort', { min: MIN_KEY_LENGTH });
  else if (key.length > MAX_KEY_LENGTH)
    problem.apiKey = msg('core.chain:explorer.config.apiKey.tooLong', { max: MAX_KEY_LENGTH });

  return problem.baseUrl === undefined && problem.apiKey === undefined ? undefined : problem;
}
