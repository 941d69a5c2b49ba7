/** What a JSON Schema validator (ajv) says of a failure, as far as a person is shown it. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Points at the member an error is about: the unknown field itself, or where a missing one belongs. */
export function schemaErrorPointer(error: SchemaError): string {
  const p = error.params as { missingProperty?: string; additionalProperty?: string; tag?: string };
  if (error.keyword === 'required') return `${error.instancePath}/${p.missingProperty}`;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/${p.additionalProperty}`;
  if (error.keyword === 'discriminator') return `${error.instancePath}/${p.tag}`;
  return error.instancePath;
}

/** The failure in words: what `npm run validate` prints, and the editors show at the field. */
export function schemaErrorMessage(error: SchemaError): string {
  const p = error.params;
  if (error.keyword === 'additionalProperties') return `unknown field "${String(p.additionalProperty)}"`;
  if (error.keyword === 'required') return `missing required field "${String(p.missingProperty)}"`;
  if (error.keyword === 'enum') return `${error.message}: ${(p.allowedValues as unknown[]).join(', ')}`;
  if (error.keyword === 'const') return `must be ${JSON.stringify(p.allowedValue)}`;
  return error.message ?? error.keyword;
}
