import { fileURLToPath } from 'node:url';

/** The production build the end-to-end tests run against (made by e2e/globalSetup.ts). */
export const e2eDistDir = fileURLToPath(new URL('../.artifacts/dist', import.meta.url));
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
