import { fileURLToPath } from 'node:url';

/**
 * The production build the end-to-end tests run against (made by e2e/globalSetup.ts).
 * CAIRN_E2E_DIST moves it, so two test runs in one checkout do not rebuild under each other.
 */
export const e2eDistDir = process.env.CAIRN_E2E_DIST ?? fileURLToPath(new URL('../.artifacts/dist', import.meta.url));
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
