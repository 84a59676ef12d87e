import { describe, expect, it } from 'vitest';
import { hostSpoofRisk } from './hostSpoof';

describe('hostSpoofRisk', () => {
  it.each([
    ['münchen.de', 'Latin with accents'],
    ['bücher.de', 'Latin with an umlaut'],
    ['straße.de', 'Latin with a sharp s'],
    ['bücher-123.example', 'Latin, digits and a hyphen'],
    ['пример.рф', 'Cyrillic under a Cyrillic top-level domain'],
    ['аррӏе.ru', 'Latin look-alikes under a Cyrillic country’s domain'],
    ['ελλάδα.gr', 'Greek'],
    ['日本語.jp', 'Han'],
    ['ドメイン名例.jp', 'Katakana and Han, with the prolonged sound mark'],
    ['example日本ひらがな.com', 'Latin with the scripts of Japanese'],
    ['한국어abc.kr', 'Latin with Hangul'],
    ['مثال.إختبار', 'Arabic'],
    ['ışık.com', 'Turkish: a dotless ı beside other Turkish letters'],
    ['çıkış.com.tr', 'Turkish: dotless ı with ç and ş'],
  ])('shows %s in its own letters (%s)', (host) => {
    expect(hostSpoofRisk(host)).toBeUndefined();
  });

  it.each([
    ['аррӏе.com', 'latinLookalike', 'Cyrillic letters that all pass for Latin'],
    ['сосо.org', 'latinLookalike', 'Cyrillic “coco”'],
    ['ροκ.com', 'latinLookalike', 'Greek letters that all pass for Latin'],
    ['pаypal.com', 'mixedScripts', 'Latin with one Cyrillic а'],
    ['gοogle.com', 'mixedScripts', 'Latin with a Greek ο'],
    ['한국어ру.kr', 'mixedScripts', 'Hangul with Cyrillic'],
    ['ꭺꮯꮎ.com', 'character', 'Cherokee, which has Latin look-alikes'],
    ['pay\u200Dpal.com', 'character', 'an invisible joiner'],
    ['a⁄b.com', 'character', 'a fraction slash that passes for /'],
    ['good.аррӏе.com', 'latinLookalike', 'one unsafe label among safe ones'],
    ['ᴘᴀʏᴘᴀʟ.com', 'character', 'Latin small capitals (Phonetic Extensions, IPA Extensions)'],
    ['pɑypal.com', 'character', 'a Latin alpha ɑ (IPA Extensions)'],
    ['gooɡle.com', 'character', 'a script ɡ (IPA Extensions)'],
    ['wıki.com', 'latinLookalike', 'a dotless ı in an otherwise plain label'],
    ['ııı.com', 'latinLookalike', 'only dotless ı'],
    ['ꜱhop.com', 'character', 'a small capital ꜱ (Latin Extended-D)'],
    ['ſhop.com', 'character', 'a long ſ'],
    ['ʜome.com', 'character', 'a small capital ʜ (IPA Extensions)'],
    ['ꬵoo.com', 'character', 'a lenis f ꬵ (Latin Extended-E)'],
    ['paʸpal.com', 'character', 'a modifier letter ʸ'],
  ])('finds %s risky (%s: %s)', (host, risk) => {
    expect(hostSpoofRisk(host)).toBe(risk);
  });
});
