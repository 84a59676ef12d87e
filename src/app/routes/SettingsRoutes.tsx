import { ConnectedSitesScreen } from '@/features/dapp/ConnectedSitesScreen';
import { AboutScreen } from '@/features/settings/AboutScreen';
import { ExplorersScreen } from '@/features/settings/ExplorersScreen';
import { LanguageScreen } from '@/features/settings/LanguageScreen';
import { NetworksScreen } from '@/features/settings/NetworksScreen';
import { NftImagesScreen } from '@/features/settings/NftImagesScreen';
import { RecoveryScreen } from '@/features/settings/RecoveryScreen';
import { SecurityScreen } from '@/features/settings/SecurityScreen';
import { SettingsIndex } from '@/features/settings/SettingsIndex';
import { buildFacts } from '../buildFacts';
import { inSettings, settingsSections } from './settingsFrame';

export function SettingsIndexRoute() {
  return <SettingsIndex sections={settingsSections} />;
}

export const LanguageRoute = inSettings(LanguageScreen);
export const SecurityRoute = inSettings(SecurityScreen);
export const RecoveryRoute = inSettings(RecoveryScreen);
export const NetworksRoute = inSettings(NetworksScreen);
export const ExplorersRoute = inSettings(ExplorersScreen);
export const NftImagesRoute = inSettings(NftImagesScreen);
export const ConnectedSitesRoute = inSettings(ConnectedSitesScreen);
export const AboutRoute = inSettings(function About() {
  return <AboutScreen build={buildFacts} />;
});
