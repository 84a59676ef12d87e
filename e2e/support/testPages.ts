// Set-up file of the e2e project: the pages a test opened with env.newPage are closed when the
// test ends (after the spec's own afterEach hooks, which may still read them), so they stop
// polling the node and rendering while the tests after it run. See environment.ts.
import { afterEach, beforeEach } from 'vitest';
import { beginTestPages, closeTestPages } from './environment.ts';

beforeEach(() => {
  beginTestPages();
});

afterEach(async () => {
  await closeTestPages();
});
