// Writes src/core/smartAccount/passkey/passkeyDelegate.generated.ts from PasskeyAccount.sol. A unit
// test fails when the committed module no longer matches a fresh compilation.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computePasskeyDelegate, PASSKEY_DELEGATE_MODULE, renderPasskeyDelegateModule } from './passkeyDelegate.ts';

const delegate = await computePasskeyDelegate();
writeFileSync(PASSKEY_DELEGATE_MODULE, renderPasskeyDelegateModule(delegate));
// As biome keeps it, so a regenerated file is the one committed.
const biome = fileURLToPath(new URL('../../node_modules/.bin/biome', import.meta.url));
execFileSync(biome, ['format', '--write', PASSKEY_DELEGATE_MODULE], { stdio: 'ignore' });
console.log(
  `wrote ${PASSKEY_DELEGATE_MODULE}: ${delegate.address}, code hashes ${JSON.stringify(delegate.codeHashes)}`,
);
