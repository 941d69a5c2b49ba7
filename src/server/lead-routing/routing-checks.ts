import { checkPages } from '../content-checks/check-pages';
import { readPageFiles } from '../site/pages-on-disk';
import type { FieldError } from '../../shared/api/error-body';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import { plainRoutingMessage, routingPlace } from '../../shared/lead-routing-words';

const ROUTING_FILE = 'pages/lead-routing.json';
/** The $schema of pages/lead-routing.json: a saved version is checked, and kept, as that file. */
export const ROUTING_SCHEMA = '../schemas/lead-routing.json';

/**
 * What `npm run validate` refuses in a routing document, with the document standing in for pages/lead-routing.json:
 * the schema (the same compiled validator), the teams and forms it names, its placeholders. Each problem is at its
 * JSON pointer, in words a person reads.
 */
export function routingDocumentProblems(document: LeadRouting): FieldError[] {
  const text = JSON.stringify(document, null, 2);
  const files = readPageFiles().map((f) => (f.file === ROUTING_FILE ? { ...f, text } : f));
  return checkPages(files)
    .filter((p) => p.file === ROUTING_FILE)
    .map(({ pointer, message }) => ({
      field: pointer === '/' ? '' : pointer,
      message: `${routingPlace(pointer === '/' ? '' : pointer, document)}: ${plainRoutingMessage(message)}`,
    }));
}
