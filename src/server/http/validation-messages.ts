/** What ajv reports for one refused value (the fields this module reads). */
export interface SchemaViolation {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** "/body/data/name" → "name", "/query/page" → "page": fields named as the browser names them. */
const fieldOf = (instancePath: string) => instancePath.replace(/^\/(body|data|query|params|querystring)?\/?/, '').replace(/\//g, '.');

const join = (path: string, name: string) => (path ? `${path}.${name}` : name);

/**
 * One refused value as a person would say it ("title is required.", "page must be at least 1."), with the field it
 * concerns, instead of the validator's "must have required property 'title'".
 */
export function describeViolation({ keyword, instancePath, params, message }: SchemaViolation): { field: string; message: string } {
  const path = fieldOf(instancePath);
  const name = path || 'The request';
  switch (keyword) {
    case 'required': {
      const field = join(path, String(params.missingProperty));
      return { field, message: `${field} is required.` };
    }
    case 'additionalProperties': {
      const field = join(path, String(params.additionalProperty));
      return { field, message: `${field} is not a field this accepts.` };
    }
    case 'minLength':
      return {
        field: path,
        message: params.limit === 1 ? `${name} is required.` : `${name} must be at least ${String(params.limit)} characters.`,
      };
    case 'maxLength':
      return { field: path, message: `${name} must be at most ${String(params.limit)} characters.` };
    case 'minimum':
    case 'maximum':
      return { field: path, message: `${name} must be ${keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}.` };
    case 'maxProperties':
    case 'maxItems':
      return { field: path, message: `${name} has too many entries (at most ${String(params.limit)}).` };
    case 'enum':
      return { field: path, message: `${name} must be one of: ${(params.allowedValues as unknown[]).join(', ')}.` };
    case 'type':
      return { field: path, message: `${name} must be ${String(params.type).replace(/,/g, ' or ')}.` };
    case 'pattern':
    case 'format':
      return { field: path, message: `${name} is not in the expected form.` };
    default:
      return { field: path, message: `${name} ${message ?? 'is not valid'}.` };
  }
}
