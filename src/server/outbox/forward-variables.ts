import type { SubmitTarget } from '../../shared/generated/form-definition';

/** Every endpoint variable a target may forward to. */
export function forwardVariables(target: SubmitTarget): string[] {
  return [...new Set([...(target.urlEnv ? [target.urlEnv] : []), ...Object.values(target.urlEnvByField?.map ?? {})])];
}
