import type { ComponentType } from 'react';
import { SettingsFrame, type SettingsSection } from '@/features/settings/SettingsFrame';
import { screen, sectionsOf } from '../paths';

/** Settings' sections as the route registry has them, with its line on what each is for (message ids, worded where shown). */
export const settingsSections: readonly SettingsSection[] = sectionsOf('settings').map((s) => ({
  path: s.path,
  label: s.label,
  summary: s.purpose,
}));

/** A section's screen inside Settings' frame (the list of sections, or a link back to them). */
export function inSettings(Section: ComponentType) {
  return function SettingsSectionRoute() {
    return (
      <SettingsFrame sections={settingsSections} indexPath={screen('settings').path}>
        <Section />
      </SettingsFrame>
    );
  };
}
