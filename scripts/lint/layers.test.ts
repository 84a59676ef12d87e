import { describe, expect, it } from 'vitest';
import { checkImport, importsOf, layerOf, literalQueryKeys } from './layers.ts';

describe('layer rules', () => {
  it('classifies paths', () => {
    expect(layerOf('src/core/chain/client.ts')).toEqual({ kind: 'core' });
    expect(layerOf('src/features/send/Form.tsx')).toEqual({ kind: 'feature', name: 'send' });
    expect(layerOf('devchain/seed.ts')).toEqual({ kind: 'outside' });
  });

  it('lets imports flow core ← lib ← features ← app', () => {
    expect(checkImport('src/lib/x.ts', '@/core/chain/client')).toBeUndefined();
    expect(checkImport('src/features/send/Form.tsx', '@/lib/format')).toBeUndefined();
    expect(checkImport('src/features/send/Form.tsx', '@/components/Screen')).toBeUndefined();
    expect(checkImport('src/features/send/Form.tsx', './useSend')).toBeUndefined();
    expect(checkImport('src/app/Layout.tsx', '@/features/network/NetworkStatus')).toBeUndefined();
    expect(checkImport('src/core/chain/client.ts', 'viem')).toBeUndefined();
  });

  it('refuses imports against the flow', () => {
    expect(checkImport('src/core/chain/client.ts', '@/lib/format')).toMatch(/core may not import lib/);
    expect(checkImport('src/core/chain/client.ts', '../../features/send/x')).toMatch(/may not import/);
    expect(checkImport('src/lib/x.ts', '@/features/send/x')).toMatch(/lib may not import features/);
    expect(checkImport('src/components/Amount.tsx', '@/app/paths')).toMatch(/may not import app/);
  });

  it('refuses a feature importing another feature, by alias or relative path', () => {
    expect(checkImport('src/features/send/Form.tsx', '@/features/portfolio/Balances')).toMatch(
      /do not import each other/,
    );
    expect(checkImport('src/features/send/deep/Form.tsx', '../../portfolio/Balances')).toMatch(/send → portfolio/);
  });

  it('lets only core read the chain with viem/actions, and keeps the chain client out of features', () => {
    expect(checkImport('src/core/chain/chainHead.ts', 'viem/actions')).toBeUndefined();
    expect(checkImport('src/features/sign/Tool.tsx', 'viem/actions')).toMatch(/only src\/core reads the chain/);
    expect(checkImport('src/lib/queries/x.ts', 'viem/actions')).toMatch(/only src\/core reads the chain/);
    expect(checkImport('src/app/main.tsx', 'viem/actions')).toMatch(/only src\/core reads the chain/);
    expect(checkImport('src/features/send/Form.tsx', '@/core/chain/client')).toMatch(/query options/);
    expect(checkImport('src/components/Thing.tsx', '../core/chain/client')).toMatch(/query options/);
    expect(checkImport('src/lib/queries/x.ts', '@/core/chain/client')).toBeUndefined();
    expect(checkImport('src/features/send/Form.test.ts', 'viem/actions')).toBeUndefined();
  });

  it('finds literal query keys outside the factories, by line', () => {
    const source = "const a = 1;\nuseQuery({ queryKey: ['x'], queryFn });\nuseQuery({queryKey:[\n'y'] });\n";
    expect(literalQueryKeys('src/features/sign/Status.tsx', source)).toEqual([2, 3]);
    expect(literalQueryKeys('src/lib/stores/transactions.tsx', source)).toEqual([2, 3]);
    expect(literalQueryKeys('src/lib/queries/txQueries.ts', source)).toEqual([]);
    expect(literalQueryKeys('src/features/sign/Status.test.tsx', source)).toEqual([]);
    expect(literalQueryKeys('src/features/sign/Status.tsx', 'useQuery(receiptQuery(network, hash))')).toEqual([]);
  });

  it('keeps test helpers and tooling out of shipped code', () => {
    expect(checkImport('src/core/x.ts', '@/testing/builders')).toMatch(/may not import testing/);
    expect(checkImport('src/app/main.tsx', '../../devchain/seed.ts')).toMatch(/may not import devchain\/seed.ts/);
    expect(checkImport('src/core/x.test.ts', '@/testing/builders')).toBeUndefined();
    expect(checkImport('src/core/x.test.ts', '../../devchain/seed.ts')).toBeUndefined();
  });

  it('keeps sw.js to the service worker and core, with no package, and nothing imports it', () => {
    expect(layerOf('src/serviceWorker/serviceWorker.ts')).toEqual({ kind: 'serviceWorker' });
    expect(checkImport('src/serviceWorker/serviceWorker.ts', '../core/build/releaseCheck')).toBeUndefined();
    expect(checkImport('src/serviceWorker/serviceWorker.ts', '@/lib/appUpdate')).toMatch(/may not import lib/);
    expect(checkImport('src/serviceWorker/serviceWorker.ts', 'idb')).toMatch(/takes no package \(idb\)/);
    expect(checkImport('src/lib/browser/appUpdate.ts', '../../serviceWorker/serviceWorker')).toMatch(
      /may not import serviceWorker/,
    );
  });

  it('keeps connect.js to the connector and the core files it shares, with no package', () => {
    expect(layerOf('src/connector/provider.ts')).toEqual({ kind: 'connector' });
    expect(checkImport('src/connector/provider.ts', './channel')).toBeUndefined();
    expect(checkImport('src/connector/provider.ts', '../core/dapp/protocol')).toBeUndefined();
    expect(checkImport('src/connector/provider.ts', '@/core/dapp/request')).toBeUndefined();
    expect(checkImport('src/connector/errors.ts', '../core/dapp/providerErrors.ts')).toBeUndefined();
    // The method table's answers from the grant: the part connect.js answers itself, and the rare part.
    expect(checkImport('src/connector/provider.ts', '../core/dapp/siteAnswers')).toBeUndefined();
    expect(checkImport('src/connector/extras.ts', '../core/dapp/rareSiteAnswers')).toBeUndefined();
    expect(checkImport('src/connector/provider.ts', '../core/dapp/methodTable')).toMatch(
      /may import only src\/connector and src\/core\/\{identity,dapp\/protocol,dapp\/providerErrors,dapp\/request,dapp\/siteAnswers,dapp\/rareSiteAnswers,keys\/sameAddress\}/,
    );
    expect(checkImport('src/connector/provider.ts', '../core/chain/networks')).toMatch(
      /may import only src\/connector and src\/core\/\{identity,dapp/,
    );
    expect(checkImport('src/connector/provider.ts', '@/lib/format')).toMatch(/not src\/lib\/format/);
    expect(checkImport('src/connector/provider.ts', 'viem')).toMatch(/takes no package \(viem\)/);
    // What the connector ships from the core imports only its companions.
    expect(checkImport('src/core/dapp/request.ts', './providerErrors')).toBeUndefined();
    expect(checkImport('src/core/dapp/protocol.ts', '../errors/base')).toMatch(/ships in connect\.js/);
    expect(checkImport('src/core/dapp/request.ts', 'viem')).toMatch(/takes no package/);
    expect(checkImport('src/core/dapp/siteAnswers.ts', './personRequests')).toMatch(/ships in connect\.js/);
    expect(checkImport('src/core/dapp/rareSiteAnswers.ts', './siteAnswers')).toBeUndefined();
    // and the address comparison it shares with the rest of Cairn, which imports nothing itself.
    expect(checkImport('src/core/dapp/rareSiteAnswers.ts', '../keys/sameAddress')).toBeUndefined();
    expect(checkImport('src/core/dapp/protocol.ts', '../keys/address')).toMatch(
      /keys\/sameAddress\}, not src\/core\/keys\/address/,
    );
    expect(checkImport('src/core/keys/sameAddress.ts', 'viem')).toMatch(/takes no package/);
    expect(checkImport('src/core/dapp/protocol.ts', '../text/guards')).toMatch(/ships in connect\.js/);
    // Other core files are not held to it.
    expect(checkImport('src/core/dapp/approval.ts', '../chain/networks')).toBeUndefined();
  });

  it('lets the connector’s tests use test tools, and nothing else in src import the connector', () => {
    expect(checkImport('src/connector/provider.test.ts', 'vitest')).toBeUndefined();
    expect(checkImport('src/connector/provider.test.ts', 'fast-check')).toBeUndefined();
    expect(checkImport('src/connector/provider.test.ts', '../core/dapp/protocol')).toBeUndefined();
    expect(checkImport('src/connector/provider.test.ts', './testWindow')).toBeUndefined();
    expect(checkImport('src/app/main.tsx', '@/connector/provider')).toMatch(/nothing in src imports src\/connector/);
    expect(checkImport('src/core/dapp/window.ts', '../../connector/protocol')).toMatch(/nothing in src imports/);
    expect(checkImport('src/connector/x.test.ts', '@/lib/format')).toMatch(/connector may not import lib/);
    expect(checkImport('scripts/build/connectorBuild.test.ts', '../src/connector/provider')).toBeUndefined();
  });

  it('finds static, re-export, side-effect and dynamic imports with their lines', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '@/core/b';",
      "export { c } from '../c';",
      "import './styles.css';",
      "const lazy = () => import('@/features/x/Screen');",
      'import {',
      '  d,',
      "} from './d';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { specifier: './a', line: 1 },
      { specifier: '@/core/b', line: 2 },
      { specifier: '../c', line: 3 },
      { specifier: './styles.css', line: 4 },
      { specifier: '@/features/x/Screen', line: 5 },
      { specifier: './d', line: 6 },
    ]);
  });
});
