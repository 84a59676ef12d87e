import { HiddenTextWarning, UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { DomainSummary, SignableTypedData } from '@/core/signing/typedData';
import { hasHiddenCharacters, type TypedDataNode, typedDataTree } from '@/core/signing/typedDataTree';
import styles from './typedData.module.css';

function TreeNode({ node }: { node: TypedDataNode }) {
  return (
    <li>
      <strong>{node.label}</strong> <span className={styles.type}>({node.type})</span>
      {node.value !== undefined && <span className={styles.code}>: {node.value}</span>}
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
  warning: string | undefined;
}) {
  const tree = typedDataTree(typedData);
  const hidden = hasHiddenCharacters(tree.domain) || hasHiddenCharacters(tree.message);
  return (
    <section className={ui.card} aria-labelledby="typed-review-title">
      <h2 id="typed-review-title">What you would sign</h2>
      <dl className={ui.facts}>
        <dt>Application</dt>
        <dd>{domain.name === undefined ? 'not named' : <UntrustedText text={domain.name} kind="whole" />}</dd>
        <dt>Version</dt>
        <dd>{domain.version === undefined ? 'none' : <UntrustedText text={domain.version} kind="whole" />}</dd>
        <dt>Chain id</dt>
        <dd>{domain.chainId?.toString() ?? 'none (valid on any chain)'}</dd>
        <dt>Contract</dt>
        <dd>{domain.verifyingContract ?? 'none'}</dd>
        <dt>Type</dt>
        <dd>{typedData.primaryType}</dd>
      </dl>
      {hidden && (
        <p role="alert" className={ui.noticeDanger}>
          Some text here contains invisible or direction-changing characters, shown as \u{'{…}'} codes. Such text can
          read as something it is not: do not sign unless you expected them.
        </p>
      )}
      {warning && (
        <p role="alert" className={ui.noticeWarning}>
          {warning}
        </p>
      )}
      <ul className={styles.tree} aria-label="Typed data">
        {tree.message && <TreeNode node={tree.message} />}
        <TreeNode node={tree.domain} />
      </ul>
    </section>
  );
}
