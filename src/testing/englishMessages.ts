// Vitest setup: every catalog loaded and English shown, so core's Messages read as English
// (error.shortMessage) and components render as they do for an English reader.
import { NAMESPACES, showLocale } from '@/lib/i18n';

await showLocale('en', NAMESPACES);
