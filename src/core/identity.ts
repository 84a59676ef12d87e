/**
 * How Cairn names itself to pages and to other wallets (EIP-6963 provider info): the connector
 * announces these, and Cairn leaves a wallet announcing them out of the browser wallets it offers.
 * It ships in connect.js, so it imports nothing.
 */
export const CAIRN_RDNS = 'app.cairn.wallet';
export const CAIRN_NAME = 'Cairn';
