// Vitest setup: every catalog loaded and English shown, so core's Messages read as English
// (error.shortMessage) and components render as they do for an English reader.
import { createI18n, installI18n, NAMESPACES } from '@/lib/i18n';

await installI18n(createI18n()).showLocale('en', NAMESPACES);
