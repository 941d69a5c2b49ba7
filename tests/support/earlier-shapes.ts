import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Surat page as version 2 of the page shape wrote it: its office in its contact cards. */
export const suratVersion2 = readFileSync(join(import.meta.dirname, 'surat-version-2.json'), 'utf8');

/** The Surat page as version 1 wrote it: its city a name. */
export const suratVersion1 = suratVersion2
  .replace('"version": 2,', '"version": 1,')
  .replace('"city": { "name": "Surat" },', '"city": "Surat",');
