// Adds a language's words to the texts of a page file: npm run i18n -- import --locale hi --from
// translations.json pages/home.json, where translations.json maps a JSON pointer of the file to its words. The file
// keeps its layout; each text becomes {"en": …, "hi": …}. Then npm run validate names any text still missing.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isLocale } from '../src/shared/locales';
import { withTranslations } from '../src/shared/localized-text';
import { rewriteJson } from '../src/server/site/json-rewrite';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { locale: { type: 'string' }, from: { type: 'string' } },
});
const [command, file] = positionals;
if (command !== 'import' || !file || !values.from || !isLocale(values.locale) || values.locale === 'en') {
  console.error('usage: npm run i18n -- import --locale <hi|gu|ta|te|pa> --from <translations.json> <page file>');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const translations = JSON.parse(readFileSync(values.from, 'utf8')) as Record<string, string>;
writeFileSync(file, rewriteJson(text, withTranslations(JSON.parse(text), values.locale, translations)));
console.log(`${file}: ${Object.keys(translations).length} text(s) in ${values.locale}.`);
