// Connector figures (Node, no browser): the size of connect.js and connect.mjs as the build
// writes them (connect.mjs is also what connect.js imports for its rare parts, once, when needed), and how long a question the connector answers without a window (eth_chainId)
// takes, through the real provider with a fake page window.

import {
  buildConnector,
  CONNECTOR_BUDGET_GZIP,
  CONNECTOR_MODULE,
  CONNECTOR_SCRIPT,
  gzipBytes,
} from '../scripts/build/connectorBuild.ts';
import { createCairnProvider } from '../src/connector/index.ts';
import type { ConnectorWindow } from '../src/connector/types.ts';
import { fakeDappWindow } from '../src/testing/fakeDappWindow.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { median } from './stats.ts';

const BUDGET_CHAIN_ID_US = 1000;

const bytes = (n: number) => `${n.toLocaleString('en')} B (${(n / 1024).toFixed(2)} KB)`;

export async function benchConnector(run: BenchRun): Promise<string> {
  const CALLS = sized(run, 10_000, 100);
  const files = await buildConnector();
  const script = files[CONNECTOR_SCRIPT];
  const scriptGzip = gzipBytes(script);
  const moduleGzip = gzipBytes(files[CONNECTOR_MODULE]);

  const fake = fakeDappWindow();
  const provider = createCairnProvider({
    walletUrl: 'https://cairn.example/',
    window: fake.window as unknown as ConnectorWindow,
  });
  for (let i = 0; i < CALLS / 10; i++) await provider.request({ method: 'eth_chainId' });
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await provider.request({ method: 'eth_chainId' });
    times.push(performance.now() - start);
  }
  const chainIdUs = median(times) * 1000;
  const p99Us = [...times].sort((a, b) => a - b)[Math.floor(CALLS * 0.99)] ?? NaN;

  return `Connector (Node ${process.versions.node})
  ${CONNECTOR_SCRIPT}        ${bytes(script.length)} raw, ${bytes(scriptGzip)} gzip   budget ${bytes(CONNECTOR_BUDGET_GZIP)}: ${
    scriptGzip <= CONNECTOR_BUDGET_GZIP ? 'within budget' : 'OVER BUDGET'
  }
  ${CONNECTOR_MODULE}       ${bytes(files[CONNECTOR_MODULE].length)} raw, ${bytes(moduleGzip)} gzip
  eth_chainId, no window   median ${chainIdUs.toFixed(2)} µs, p99 ${(p99Us * 1000).toFixed(2)} µs over ${CALLS.toLocaleString('en')} calls   budget ${BUDGET_CHAIN_ID_US} µs: ${
    chainIdUs <= BUDGET_CHAIN_ID_US ? 'within budget' : 'OVER BUDGET'
  }`;
}
