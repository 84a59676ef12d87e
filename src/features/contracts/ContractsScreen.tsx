import { Screen } from '@/components/Screen';

export function ContractsScreen() {
  return (
    <Screen title="Contracts">
      <p>Being built.</p>
    </Screen>
  );
}
