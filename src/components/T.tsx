import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import type { Message, MessageCatalog, MessageId } from '@/core/i18n/message';
import { amountText, type DataValue, splitPlaceholders, useI18n, useLocale, useT } from '@/lib/i18n';
import { LtrText } from './LtrText';
import { UntrustedText } from './UntrustedText';

/** Elements for a message's numbered tags: `<0>the guide</0>` takes element 0, given its words as children. */
export type TagElements = Readonly<Record<number, ReactElement<{ children?: ReactNode }>>>;

type ByIdProps<I extends MessageId> = { id: I; tags?: TagElements } & (MessageCatalog[I] extends undefined
  ? { values?: undefined }
  : { values: MessageCatalog[I] });

type TProps<I extends MessageId> = ByIdProps<I> | { message: Message | string; tags?: TagElements };

const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/;

/** A value in a sentence: isolated, so its own direction cannot reorder the words around it, and left untranslated. */
function Data({ value }: { value: DataValue | undefined }): ReactNode {
  // The provider's language, which the words around the value are in (not the installed runtime's).
  const locale = useLocale();
  if (value === undefined) return null;
  if (typeof value === 'string') return <bdi translate="no">{value}</bdi>;
  if (!('kind' in value)) return <T message={value} />;
  switch (value.kind) {
    case 'code':
      return <LtrText>{value.text}</LtrText>;
    case 'untrusted':
      return <UntrustedText text={value.text} kind={value.as} />;
    case 'amount':
      return (
        <bdi translate="no">
          {amountText(value, locale)}
          {value.symbol !== undefined && (
            <>
              {' '}
              <UntrustedText text={value.symbol} kind="symbol" />
            </>
          )}
        </bdi>
      );
  }
}

function withData(text: string, data: readonly DataValue[], key: string): ReactNode[] {
  // A sentence may name the same value twice: each occurrence gets its own key.
  const seen = new Map<number, number>();
  return splitPlaceholders(text).map((part) => {
    if (typeof part === 'string') return part;
    const occurrence = seen.get(part.slot) ?? 0;
    seen.set(part.slot, occurrence + 1);
    return <Data key={`${key}.${part.slot}.${occurrence}`} value={data[part.slot]} />;
  });
}

function rich(text: string, tags: TagElements, data: readonly DataValue[], key = 't'): ReactNode[] {
  const match = TAG.exec(text);
  if (!match) return withData(text, data, key);
  const before = text.slice(0, match.index);
  const after = text.slice(match.index + match[0].length);
  const index = Number(match[1] ?? match[3]);
  const element = tags[index];
  const inner = match[2] === undefined ? [] : rich(match[2], tags, data, `${key}.${index}`);
  const made = element ? (
    cloneElement(element, { key: `${key}<${index}>` }, ...(inner.length > 0 ? inner : [element.props.children]))
  ) : (
    <Fragment key={`${key}<${index}>`}>{inner}</Fragment>
  );
  return [...withData(before, data, `${key}a`), made, ...rich(after, tags, data, `${key}b`)];
}

/**
 * A message in the reader's language, with its values in place: data isolated and untranslated,
 * addresses and code left to right, untrusted text through UntrustedText, amounts in the
 * locale's format, and the message's numbered tags as the `tags` elements (a link, emphasis).
 * Re-renders when the language changes.
 */
export function T<I extends MessageId>(props: TProps<I>): ReactNode {
  const i18n = useI18n();
  useT();
  const message: Message | string =
    'message' in props
      ? props.message
      : props.values === undefined
        ? { id: props.id }
        : { id: props.id, values: props.values };
  if (typeof message === 'string') return message;
  const { text, data } = i18n.formatMessage(message);
  return <>{rich(text, props.tags ?? {}, data)}</>;
}
