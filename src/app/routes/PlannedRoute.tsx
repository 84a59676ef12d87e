import { NotAvailableYet } from '@/components/NotAvailableYet';
import type { ScreenEntry } from '../paths';

/** A screen whose work has not landed: an honest placeholder, nothing that looks real. */
export function PlannedRoute({ entry }: { entry: ScreenEntry }) {
  return <NotAvailableYet key={entry.id} title={entry.label} purpose={entry.purpose} plannedIn={entry.plannedIn} />;
}
