import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendError } from '../http/error-reply';
import { IdParams, Success } from '../../shared/api/common';
import { InvoiceBody, PlacementQuery, PlacementReport } from '../../shared/api/placements';
import { ADMIN_ROLES } from '../../shared/roles';
import { CSV_BOM, csvLine } from '../../shared/csv';
import { FEE_TYPE_LABELS, HEAD_OFFICE, INVOICE_LABELS } from '../../shared/pipeline-stages';
import { indiaTimestamp } from '../../shared/india-time';
import { latestJoining, placementReport, placementsIn, setInvoiceStatus } from './store';
import { monthRange } from './month-range';

const BACKWARDS = 'The first month comes after the last.';

const CSV_COLUMNS = [
  'joining date',
  'candidate',
  'job',
  'company',
  'franchise city',
  'recruiter',
  'applied at',
  'days to join',
  'ctc',
  'fee type',
  'fee',
  'invoice status',
  'new company',
];

/** Placements: the report admins read (time to join, per city and recruiter, each franchise's commission) and its CSV. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const rates = () => {
    const { fixedHire, ctcShare, newCompanyBonus } = app.siteConfig.commission;
    return { fixedHire, ctcShare, newCompanyBonus };
  };

  app.get(
    '/api/placements/report',
    { config: { access: ADMIN_ROLES }, schema: { querystring: PlacementQuery, response: { 200: PlacementReport } } },
    async (request, reply) => {
      const range = monthRange(request.query, await latestJoining(app.db));
      if (!range) return sendError(reply, 400, BACKWARDS);
      return { from: range.fromMonth, to: range.toMonth, ...(await placementReport(app.db, range, rates())) };
    },
  );

  app.get('/api/placements.csv', { config: { access: ADMIN_ROLES }, schema: { querystring: PlacementQuery } }, async (request, reply) => {
    const range = monthRange(request.query, await latestJoining(app.db));
    if (!range) return sendError(reply, 400, BACKWARDS);
    const rows = await placementsIn(app.db, range);
    const lines = rows.map((p) =>
      csvLine([
        p.joiningDate,
        p.candidate ?? '',
        p.jobTitle,
        p.companyName,
        p.franchiseCity ?? HEAD_OFFICE,
        p.recruiter ?? '',
        indiaTimestamp(p.appliedAt),
        p.daysToJoin,
        p.ctc,
        FEE_TYPE_LABELS[p.feeType],
        p.fee,
        INVOICE_LABELS[p.invoiceStatus],
        p.newCompany ? 'yes' : 'no',
      ]),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="placements-${range.fromMonth}-to-${range.toMonth}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(CSV_BOM + csvLine(CSV_COLUMNS) + lines.join(''));
  });

  app.patch(
    '/api/placements/:id',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, body: InvoiceBody, response: { 200: Success } } },
    async (request, reply) => {
      const found = await setInvoiceStatus(app.db, request.params.id, request.body.invoiceStatus);
      if (!found) return sendError(reply, 404, 'There is no such placement.');
      return { success: true };
    },
  );
};

export const placementRoutes = fp(routes, { name: 'placements', dependencies: ['database', 'site-config'], encapsulate: true });
