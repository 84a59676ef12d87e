// Locators for the states every screen shares: shapes while content is read, empty places with
// their next steps, errors in place with their action, and the notices (toasts) region.
import type { Locator, Page } from 'playwright-core';

export class States {
  /** The notices region (toasts): background events only. */
  readonly notices: Locator;

  constructor(readonly page: Page) {
    this.notices = page.getByRole('status', { name: 'Notifications', exact: true });
  }

  /** An empty place, by its heading ("Nothing here yet"). */
  empty(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /**
   * The placeholder shapes inside `within` (hidden from assistive technology, so found by the
   * marker the Skeleton puts on them rather than by role).
   */
  shapes(within: Locator): Locator {
    return within.locator('[data-skeleton]');
  }

  /** A polite status with this text inside `within`. */
  status(within: Locator, text: string | RegExp): Locator {
    return within.getByRole('status').filter({ hasText: text });
  }

  /** An error shown in place inside `within`, with its "Try again". */
  error(within: Locator, text: string | RegExp): { alert: Locator; tryAgain: Locator } {
    const alert = within.getByRole('alert').filter({ hasText: text });
    return { alert, tryAgain: alert.getByRole('button', { name: 'Try again', exact: true }) };
  }
}
