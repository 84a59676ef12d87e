import { fileURLToPath } from 'node:url';

/**
 * The production build the end-to-end tests run against (made by e2e/globalSetup.ts).
 * CAIRN_E2E_DIST moves it, so two test runs in one checkout do not rebuild under each other.
 */
export const e2eDistDir = process.env.CAIRN_E2E_DIST ?? fileURLToPath(new URL('../.artifacts/dist', import.meta.url));
/** The same build with React's development build, for e2e/reactDevelopment.e2e.ts (beside the production one). */
export const e2eDevelopmentDistDir = `${e2eDistDir}-react-development`;
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The sample dApp's build for the end-to-end tests (also made by e2e/globalSetup.ts): beside the
 * wallet's, and moved with it by CAIRN_E2E_DIST.
 */
export const e2eSampleDappDir = process.env.CAIRN_E2E_DIST
  ? `${process.env.CAIRN_E2E_DIST}-sample-dapp`
  : fileURLToPath(new URL('../.artifacts/sample-dapp', import.meta.url));
