import { describe, expect, it } from 'vitest';
import { renderMessage } from '../i18n/message';
import { explorerConfigProblem as checked } from './config';

/** The problems in words (the tests read English). */
function explorerConfigProblem(input: { baseUrl: string; apiKey: string }) {
  const problem = checked(input);
  return (
    problem && {
      ...(problem.baseUrl && { baseUrl: renderMessage(problem.baseUrl) }),
      ...(problem.apiKey && { apiKey: renderMessage(problem.apiKey) }),
    }
  );
}

const KEY = 'CAIRNTESTKEY7Q2W9E4R1T6Y3U8I5O0PZ';

describe('explorerConfigProblem', () => {
  const good = { baseUrl: 'https://api.etherscan.io/v2/api', apiKey: KEY };

  it('accepts an https URL, a local http URL and a plain key', () => {
    expect(explorerConfigProblem(good)).toBeUndefined();
    expect(explorerConfigProblem({ ...good, baseUrl: 'http://localhost:4000/api' })).toBeUndefined();
    expect(explorerConfigProblem({ ...good, baseUrl: 'http://127.0.0.1:4000/api?x=1' })).toBeUndefined();
  });

  it.each([
    ['', /Enter the explorer API URL/],
    ['api.etherscan.io/v2/api', /must be a web address starting with https/],
    ['ftp://api.etherscan.io/v2/api', /must be a web address starting with https/],
    ['http://api.etherscan.io/v2/api', /Use https:\/\/.*only allowed on this computer \(localhost or 127\.0\.0\.1\)/],
    ['http://[::1]:4000/api', /Use https:\/\/.*only allowed on this computer/],
    ['https://user:pass@api.etherscan.io/v2/api', /Remove the user name and password/],
    ['https://api.etherscan.io/v2/api#top', /Remove the “#” part/],
    [`https://api.etherscan.io/v2/api?apikey=${KEY}`, /Remove the API key from the explorer API URL/],
  ])('explains what is wrong with base URL %j', (baseUrl, message) => {
    const problem = explorerConfigProblem({ ...good, baseUrl });
    expect(problem?.baseUrl).toMatch(message);
    expect(problem?.apiKey).toBeUndefined();
    expect(problem?.baseUrl).not.toContain(KEY);
  });

  it.each([
    ['', /Enter your API key/],
    ['   ', /Enter your API key/],
    [`${KEY} `, /spaces or line breaks/],
    [`${KEY}\n`, /spaces or line breaks/],
    ['CAIRNKÉY12345', /only contain letters, digits and symbols/],
    ['ABC1234', /too short/],
    ['K'.repeat(129), /too long/],
  ])('explains what is wrong with API key %j', (apiKey, message) => {
    const problem = explorerConfigProblem({ ...good, apiKey });
    expect(problem?.apiKey).toMatch(message);
    expect(problem?.baseUrl).toBeUndefined();
  });

  it('reports both fields at once', () => {
    expect(explorerConfigProblem({ baseUrl: 'nope', apiKey: '' })).toEqual({
      baseUrl: expect.stringMatching(/https/),
      apiKey: expect.stringMatching(/Enter your API key/),
    });
  });
});
