import { LtrText } from '@/components/LtrText';
import { T } from '@/components/T';
import { HiddenTextWarning, UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { readsAsCode } from '@/core/contracts/decode/values';
import type { Message } from '@/core/i18n/message';
import type { DomainSummary, SignableTypedData } from '@/core/signing/typedData';
import { hasHiddenCharacters, type TypedDataNode, typedDataTree } from '@/core/signing/typedDataTree';
import { useT } from '@/lib/i18n';
import styles from './typedData.module.css';

function TreeNode({ node }: { node: TypedDataNode }) {
  return (
    <li>
      {/* Names, types and values are the site's data: isolated and never translated. */}
      <strong translate="no">
        <bdi>{node.label}</bdi>
      </strong>{' '}
      <span className={styles.type} translate="no">
        (<bdi>{node.type}</bdi>)
      </span>
      {node.value !== undefined && (
        <span className={styles.code} translate="no">
          : <bdi dir={readsAsCode(node.type) ? 'ltr' : undefined}>{node.value}</bdi>
        </span>
      )}
      {node.hidden && <HiddenTextWarning />}
      {node.children && node.children.length > 0 && (
        <ul>
          {node.children.map((child) => (
            <TreeNode key={child.label} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Typed data as a person reads it before signing: who asks (the domain), then every field of the message. */
export function TypedDataView({
  typedData,
  domain,
  warning,
}: {
  typedData: SignableTypedData;
  domain: DomainSummary;
  warning: Message | string | undefined;
}) {
  const t = useT('review');
  const tree = typedDataTree(typedData);
  const hidden = hasHiddenCharacters(tree.domain) || hasHiddenCharacters(tree.message);
  return (
    <section className={ui.card} aria-labelledby="typed-review-title">
      <h2 id="typed-review-title">{t('review:typedData.title')}</h2>
      <dl className={ui.facts}>
        <dt>{t('review:typedData.application')}</dt>
        <dd>
          {domain.name === undefined ? (
            t('review:typedData.notNamed')
          ) : (
            <UntrustedText text={domain.name} kind="whole" />
          )}
        </dd>
        <dt>{t('review:typedData.version')}</dt>
        <dd>
          {domain.version === undefined ? (
            t('review:typedData.noVersion')
          ) : (
            <UntrustedText text={domain.version} kind="whole" />
          )}
        </dd>
        <dt>{t('review:typedData.chainId')}</dt>
        <dd>{domain.chainId?.toString() ?? t('review:typedData.anyChain')}</dd>
        <dt>{t('review:typedData.contract')}</dt>
        <dd>
          {domain.verifyingContract === undefined ? (
            t('review:typedData.noContract')
          ) : (
            <LtrText>{domain.verifyingContract}</LtrText>
          )}
        </dd>
        <dt>{t('review:typedData.type')}</dt>
        <dd translate="no">{typedData.primaryType}</dd>
      </dl>
      {hidden && (
        <p role="alert" className={ui.noticeDanger}>
          {t('review:typedData.hidden')}
        </p>
      )}
      {warning && (
        <p role="alert" className={ui.noticeWarning}>
          <T message={warning} />
        </p>
      )}
      <ul className={styles.tree} aria-label={t('review:typedData.tree')}>
        {tree.message && <TreeNode node={tree.message} />}
        <TreeNode node={tree.domain} />
      </ul>
    </section>
  );
}
