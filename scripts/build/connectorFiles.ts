// The connector's files beside index.html (built by scripts/build/connectorBuild.ts): any dApp page
// loads them, so the static server lets every origin read them.
export const CONNECTOR_SCRIPT = 'connect.js';
export const CONNECTOR_MODULE = 'connect.mjs';
export const CONNECTOR_FILES: readonly string[] = [CONNECTOR_SCRIPT, CONNECTOR_MODULE];
