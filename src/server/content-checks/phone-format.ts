import { Name, type Ajv, type CodeOptions } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { phoneFormats } from '../../shared/phone.ts';

/**
 * The "phone" formats (src/shared/phone.ts) for every ajv that checks pages/ and schemas/. Code compiled to a file
 * calls a format that is a function through this name: a generated validator imports it, the page checks' cache binds
 * it to `codeFormats`.
 */
export const FORMATS_NAME = 'phoneFormats';

/** The code option that makes compiled code call such formats through that name. */
export const formatsCode: CodeOptions = { formats: new Name(FORMATS_NAME) };

/** What the name stands for in code that ajv-formats' formats may call too. */
export const codeFormats = { ...fullFormats, ...phoneFormats };

export function addPhoneFormat<A extends Ajv>(ajv: A): A {
  for (const [name, check] of Object.entries(phoneFormats)) ajv.addFormat(name, check);
  return ajv;
}

/** The formats compiled code calls through the name. */
export const formatsCalledBy = (code: string) =>
  [...code.matchAll(new RegExp(`\\b${FORMATS_NAME}(?:\\.(\\w+)|\\["([^"]+)"\\])`, 'g'))].map(
    ([, dotted, quoted]) => dotted ?? quoted ?? '',
  );
