import type { BuildFacts } from '@/lib/browser/buildFiles';

/** Written in by Vite at build time (vite.config.ts `define`, from scripts/build/buildFacts.ts). */
declare const __CAIRN_BUILD__: BuildFacts;

export const buildFacts: BuildFacts = __CAIRN_BUILD__;
