import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { movedPaths, pathTo, screen, screens, sectionsOf } from './paths';

describe('the route registry', () => {
  it('gives every screen its own id and path', () => {
    expect(new Set(screens.map((s) => s.id)).size).toBe(screens.length);
    expect(new Set(screens.map((s) => s.path)).size).toBe(screens.length);
  });

  it('puts every section under the path of its screen, which the navigation then marks current', () => {
    const sections = screens.filter((s) => s.sectionOf);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      expect(section.path.startsWith(`${screen(section.sectionOf ?? 'home').path}/`)).toBe(true);
      expect(section.inNav).toBe(false);
    }
  });

  it('names each screen and what it is for by message, worded where shown', () => {
    for (const s of screens) {
      expect(s.label).toBe(`common:screen.${s.id}.label`);
      expect(s.purpose).toBe(`common:screen.${s.id}.purpose`);
    }
    expect(t(screen('addWallet').label)).toBe('Add wallet');
  });

  it('lists the sections of Settings in order', () => {
    expect(sectionsOf('settings').map((s) => t(s.label))).toEqual([
      'Language',
      'Security',
      'Recovery',
      'Networks',
      'History explorers',
      'NFT images',
      'Connected sites',
      'Address book',
      'About',
    ]);
  });

  it('sends a moved path to a screen, never to another moved path or over a live one', () => {
    for (const moved of movedPaths) {
      expect(screens.some((s) => s.path === moved.from)).toBe(false);
      expect(movedPaths.some((m) => m.from === pathTo(moved.to))).toBe(false);
    }
  });
});
