import { useMemo, useState } from 'react';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import { codeValue, msg } from '@/core/i18n/message';
import { PATH_PRESETS, parsePathTemplate } from '@/core/keys/derivationPath';
import { type DerivedAddress, deriveAddresses } from '@/core/keys/hd';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { QueryScope } from '@/lib/queries/queryClient';
import { AddressChoices, continueWith, PathPresetChoice, toggled } from './AddressChoices';
import { StepForm } from './StepForm';

const PAGE = 5;

type AccountPickerProps = {
  seed: Uint8Array;
  onConfirm(selected: DerivedAddress[], template: string): void;
};

/**
 * Lists the first addresses of a derivation path with their balances on the selected network
 * (one batched request), so people find the accounts that hold their funds. It reads the chain
 * before any vault exists, so it brings the query cache itself.
 */
export function AccountPicker(props: AccountPickerProps) {
  return (
    <QueryScope>
      <AddressChoice {...props} />
    </QueryScope>
  );
}

function AddressChoice({ seed, onConfirm }: AccountPickerProps) {
  const t = useT('onboarding');
  const [preset, setPreset] = useState<string>(PATH_PRESETS[0]?.id ?? 'bip44');
  const [customText, setCustomText] = useState("m/44'/60'/0'/0");
  const [count, setCount] = useState(PAGE);
  const [selected, setSelected] = useState<Set<number>>(new Set([0]));
  const [attempted, setAttempted] = useState(false);

  const custom = useMemo(() => {
    if (preset !== 'custom') return { template: undefined, error: undefined };
    try {
      return { template: parsePathTemplate(customText), error: undefined };
    } catch (error) {
      // Worded where shown, in the language of the moment.
      return { template: undefined, error: error as unknown };
    }
  }, [preset, customText]);
  const template = preset === 'custom' ? custom.template : PATH_PRESETS.find((p) => p.id === preset)?.template;
  const addresses = useMemo(() => (template ? deriveAddresses(seed, template, 0, count) : []), [seed, template, count]);

  const choosePath = (id: string) => {
    setPreset(id);
    setCount(PAGE);
    setSelected(new Set([0]));
  };
  const submit = () => {
    setAttempted(true);
    if (!template || selected.size === 0) return;
    onConfirm(
      addresses.filter((a) => selected.has(a.index)),
      template,
    );
  };

  return (
    <StepForm
      title={t('onboarding:choose.title')}
      error={attempted && selected.size === 0 ? t('onboarding:choose.noneChosen') : undefined}
      onContinue={submit}
      continueLabel={continueWith(selected.size)}
    >
      <PathPresetChoice presets={PATH_PRESETS} chosenId={preset} onChoose={choosePath} allowCustom />
      {preset === 'custom' && (
        <Field
          label={t('onboarding:choose.customPath.label')}
          hint={msg('onboarding:choose.customPath.hint', {
            template: codeValue("m/44'/60'/0'/0"),
            templateWithIndex: codeValue("m/44'/60'/i'/0/0"),
          })}
          error={custom.error === undefined ? undefined : errorMessage(custom.error)}
        >
          <input
            type="text"
            value={customText}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            onChange={(e) => {
              setCustomText(e.target.value);
              setSelected(new Set([0]));
            }}
          />
        </Field>
      )}
      {template && (
        <>
          <AddressChoices
            addresses={addresses}
            selected={selected}
            onToggle={(i) => setSelected(toggled(selected, i))}
          />
          <div className={ui.actions}>
            <button type="button" className={ui.secondary} onClick={() => setCount((c) => c + PAGE)}>
              {t('onboarding:choose.showMore', { count: PAGE })}
            </button>
          </div>
        </>
      )}
    </StepForm>
  );
}
