// The dApp window past the handshake, loaded on demand: serving the site, and what the window shows.
export { connectSite } from './connectSite';
export { DappWindowGate } from './DappWindowGate';
