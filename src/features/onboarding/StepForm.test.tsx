import type { FormEvent, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { StepForm } from './StepForm';

const noop = () => {};

/** The visible text of each element in order, with its tag and the attributes tests rely on. */
function outline(html: string): string[] {
  return [...html.matchAll(/<(h2|p|button)([^>]*)>(.*?)<\/\1>/g)].map(([, tag, attrs = '', text]) => {
    const role = /role="(\w+)"/.exec(attrs)?.[1];
    const disabled = attrs.includes('disabled') ? ' disabled' : '';
    return `${tag}${role ? `[${role}]` : ''}${disabled}: ${text}`;
  });
}

describe('StepForm', () => {
  it('lays out heading, description, content, error, then Continue and Back', () => {
    const html = renderToStaticMarkup(
      <StepForm title="Import a private key" description="Why." error="Wrong." onContinue={noop} onBack={noop}>
        <p className="content">The step’s own fields.</p>
      </StepForm>,
    );
    expect(outline(html)).toEqual([
      'h2: Import a private key',
      'p: Why.',
      'p: The step’s own fields.',
      'p[alert]: Wrong.',
      'button: Continue',
      'button: Back',
    ]);
    expect(html).toMatch(/^<form[^>]*novalidate/i);
    expect(html).toContain('<h2 tabindex="-1">');
    expect(html).toContain('<button type="submit">Continue</button>');
  });

  it('leaves out what is not given: no description, no error, no Back', () => {
    expect(outline(renderToStaticMarkup(<StepForm title="Choose accounts" onContinue={noop} />))).toEqual([
      'h2: Choose accounts',
      'button: Continue',
    ]);
  });

  it('names its buttons as asked, and disables them while busy or when told', () => {
    const busy = (value: boolean) =>
      outline(
        renderToStaticMarkup(
          <StepForm
            title="Import a keystore file"
            onContinue={noop}
            continueLabel="Decrypt"
            busy={value}
            busyLabel="Decrypting…"
            onBack={noop}
            backLabel="Back up later"
            backDisabled={value}
          />,
        ),
      ).slice(1);
    expect(busy(false)).toEqual(['button: Decrypt', 'button: Back up later']);
    expect(busy(true)).toEqual(['button disabled: Decrypting…', 'button disabled: Back up later']);
    expect(outline(renderToStaticMarkup(<StepForm title="T" onContinue={noop} continueDisabled />)).slice(1)).toEqual([
      'button disabled: Continue',
    ]);
  });

  it('submits without reloading the page and calls onContinue once', () => {
    const onContinue = vi.fn();
    const form = StepForm({ title: 'T', onContinue }) as ReactElement<{ onSubmit(event: FormEvent): void }>;
    const preventDefault = vi.fn();
    form.props.onSubmit({ preventDefault } as unknown as FormEvent);
    expect(preventDefault).toHaveBeenCalledOnce();
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it('is a new form for each title, so a flow’s next step focuses its own heading', () => {
    expect((StepForm({ title: 'A', onContinue: noop }) as ReactElement).key).toBe('A');
  });
});
