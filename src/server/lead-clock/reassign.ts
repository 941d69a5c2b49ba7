import type { Queryable } from '../db/database';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import type { FormDefinition } from '../../shared/generated/form-definition';
import { BDE_ROLES } from '../../shared/roles';
import { routeLead, visitorTypeOf } from '../lead-routing/route-lead';
import { recordActivity } from '../activity/store';

/** A lead due to move, as the sweep read it. */
export interface ReassignRow {
  id: string;
  form_id: string;
  collection: string;
  page: string;
  city: string | null;
  data: Record<string, unknown>;
  assigned_to: string | null;
}

export interface ReassignContext {
  routing: LeadRouting;
  formOf: (formId: string) => FormDefinition | undefined;
}

/**
 * Gives each lead to the next available person of the teams its rules name, leaving out whoever has it, in the
 * sweep's transaction; records each move in the lead's history. A lead with nobody else available stays where it is.
 * Returns who took which lead.
 */
export async function reassignLeads(tx: Queryable, context: ReassignContext, rows: ReassignRow[]): Promise<Map<string, string>> {
  const leads = rows.flatMap((row, i) => {
    const form = context.formOf(row.form_id);
    const route = routeLead(context.routing, {
      formId: row.form_id,
      collection: row.collection,
      city: row.city,
      page: row.page,
      visitorType: form ? visitorTypeOf(form, row.data) : null,
    });
    // A lead the rules keep for the inbox has no team to pass it to.
    if (route.nobodyRule && !route.choices.length) return [];
    return [{ i, routes: route.choices.map((choice) => ({ ...choice, except: row.assigned_to })) }];
  });
  const taken = new Map<string, string>();
  if (!leads.length) return taken;
  const chosen = await tx.query<{ i: number; user_id: string }>('select i, user_id from route_leads($1::jsonb, $2::text[])', [
    JSON.stringify(leads),
    BDE_ROLES,
  ]);
  for (const { i, user_id: to } of chosen) {
    const row = rows[i];
    if (!row) continue;
    await tx.query('update submissions set assigned_to = $2, updated_at = now() where id = $1', [row.id, to]);
    await recordActivity(tx, null, 'lead.assign', { type: 'submission', id: row.id }, { from: row.assigned_to, to, reason: 'unanswered' });
    taken.set(row.id, to);
  }
  return taken;
}
