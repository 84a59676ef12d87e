import { buildConnector, gzipBytes } from './connectorBuild.ts';
const f = await buildConnector();
console.log(gzipBytes(f['connect.js']), gzipBytes(f['connect.mjs']));
