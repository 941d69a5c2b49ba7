import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden, type SignedInUser } from '../auth/plugin';
import { FieldErrors, sendError } from '../http/error-reply';
import { isUniqueViolation } from '../db/db-errors';
import { ApplicantPage, ApplicantQuery, CandidateReply, JobParams } from '../../shared/api/jobs';
import { AddCandidateBody, ApplicantParams, CandidateNoteBody, MoveBody, MoveReply, OwnerBody } from '../../shared/api/pipeline';
import { Created, Success } from '../../shared/api/common';
import { JOB_BOARD_ROLES } from '../../shared/roles';
import { JOINED } from '../../shared/pipeline-stages';
import { indiaDateOf } from '../../shared/india-time';
import { moveErrors } from './move-rules';
import { whatsappTexts } from '../lead-routing/whatsapp-messages';
import { APPLICATION_FORM } from '../../shared/job-locales';
import { findJob, type ScopedJob } from '../jobs/store';
import { movesCandidates, seesApplicants, staffInScope } from '../jobs/rules';
import { placementOf } from '../placements/store';
import {
  addCandidateNote,
  candidateOf,
  candidatesOf,
  historyOf,
  insertCandidateFromLead,
  isCandidateOf,
  leadAsCandidate,
  moveCandidates,
  isPossibleOwner,
  possibleOwners,
  recordPlacement,
  setOwner,
  stageCounts,
  type ListedCandidate,
} from './store';

const NO_JOB = 'There is no such job.';
const NO_CANDIDATE = 'There is no such candidate.';
const NO_LEAD = 'There is no such lead.';
const ALREADY = 'This person is already a candidate for this job.';

/** A job's pipeline: its candidates by stage, moving them (several at once), owners, notes, history, adding a lead. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** The job, when the user sees its candidates (404 otherwise, so a job's existence is not given away). */
  async function jobSeenBy(user: SignedInUser, id: string) {
    const job = await findJob(app.db, id);
    return job && seesApplicants(user, job) ? job : undefined;
  }

  /** A candidate with how to reach them: resumes go to the staff who work the job, the WhatsApp message to everyone. */
  const withReach = (user: SignedInUser, job: ScopedJob, a: ListedCandidate) => ({
    ...a,
    resumeUrl: a.hasResume && staffInScope(user, job) ? `/api/jobs/${job.id}/applicants/${a.id}/resume` : null,
    whatsapp: whatsappTexts(app.leadRouting, APPLICATION_FORM, { name: a.name, city: job.location }, user),
  });

  app.get(
    '/api/jobs/:id/applicants',
    { config: { access: JOB_BOARD_ROLES }, schema: { params: JobParams, querystring: ApplicantQuery, response: { 200: ApplicantPage } } },
    async (request, reply) => {
      const user = request.user;
      const job = await findJob(app.db, request.params.id);
      if (!job) return reply.notFound(NO_JOB);
      if (!seesApplicants(user, job)) return forbidden(reply);
      const { applicants, ...paging } = await candidatesOf(app.db, job.id, request.query);
      const canMove = movesCandidates(user, job);
      return {
        applicants: applicants.map((a) => withReach(user, job, a)),
        stageCounts: await stageCounts(app.db, job.id),
        canMove,
        canPlace: staffInScope(user, job),
        ...paging,
      };
    },
  );

  app.post(
    '/api/jobs/:id/applicants/move',
    { config: { access: JOB_BOARD_ROLES }, schema: { params: JobParams, body: MoveBody, response: { 200: MoveReply } } },
    async (request, reply) => {
      const user = request.user;
      const job = await jobSeenBy(user, request.params.id);
      if (!job) return reply.notFound(NO_JOB);
      if (!movesCandidates(user, job)) return forbidden(reply);
      const { ids, stage, placement } = request.body;
      // A placement is what the company bills: only the staff who work the job record one, or undo it.
      const placesCandidates = staffInScope(user, job);
      if (stage === JOINED && !placesCandidates) return forbidden(reply);
      const reason = request.body.reason?.trim() || null;
      const interviewAt = request.body.interviewAt ?? null;
      const joining = stage === JOINED && ids.length === 1 ? await candidateOf(app.db, job.id, ids[0] ?? '') : undefined;
      const errors = moveErrors(request.body, joining && indiaDateOf(joining.appliedAt));
      if (errors.length) throw new FieldErrors(400, errors);
      const moved = await app.db.transaction(async (tx) => {
        const moved = await moveCandidates(tx, {
          jobId: job.id,
          ids,
          stage,
          actorId: user.id,
          reason,
          interviewAt,
          leaveJoined: !placesCandidates,
        });
        const [id] = ids;
        if (stage === JOINED && placement && id) {
          const city = placement.franchiseCity?.trim() || null;
          await recordPlacement(tx, job.id, id, { ...placement, franchiseCity: city }, user.id);
        }
        return moved;
      });
      return { moved };
    },
  );

  app.get(
    '/api/jobs/:id/applicants/:applicantId',
    { config: { access: JOB_BOARD_ROLES }, schema: { params: ApplicantParams, response: { 200: CandidateReply } } },
    async (request, reply) => {
      const user = request.user;
      const job = await jobSeenBy(user, request.params.id);
      const candidate = job && (await candidateOf(app.db, job.id, request.params.applicantId));
      if (!job || !candidate) return reply.notFound(NO_CANDIDATE);
      const canMove = movesCandidates(user, job);
      const canPlace = staffInScope(user, job);
      return {
        candidate: withReach(user, job, candidate),
        job: { id: job.id, title: job.title, companyName: job.companyName, location: job.location },
        // The notes and the placement are the team's: a client's hiring manager sees where the candidate stands.
        history: canMove ? await historyOf(app.db, candidate.id) : [],
        placement: canPlace ? await placementOf(app.db, candidate.id) : null,
        canMove,
        canPlace,
        owners: canMove ? await possibleOwners(app.db) : [],
      };
    },
  );

  app.patch(
    '/api/jobs/:id/applicants/:applicantId',
    { config: { access: JOB_BOARD_ROLES }, schema: { params: ApplicantParams, body: OwnerBody, response: { 200: Success } } },
    async (request, reply) => {
      const user = request.user;
      const job = await jobSeenBy(user, request.params.id);
      if (!job) return reply.notFound(NO_CANDIDATE);
      if (!movesCandidates(user, job)) return forbidden(reply);
      const { ownerId } = request.body;
      if (ownerId && !(await isPossibleOwner(app.db, ownerId)))
        return sendError(reply, 400, 'Choose an active member of staff as the owner.');
      const id = request.params.applicantId;
      if (!(await isCandidateOf(app.db, job.id, id))) return reply.notFound(NO_CANDIDATE);
      await app.db.transaction((tx) => setOwner(tx, job.id, id, ownerId, user.id));
      return { success: true };
    },
  );

  app.post(
    '/api/jobs/:id/applicants/:applicantId/notes',
    { config: { access: JOB_BOARD_ROLES }, schema: { params: ApplicantParams, body: CandidateNoteBody, response: { 201: Success } } },
    async (request, reply) => {
      const user = request.user;
      const job = await jobSeenBy(user, request.params.id);
      const id = request.params.applicantId;
      if (!job || !(await isCandidateOf(app.db, job.id, id))) return reply.notFound(NO_CANDIDATE);
      if (!movesCandidates(user, job)) return forbidden(reply);
      await addCandidateNote(app.db, id, request.body.body.trim(), user.id);
      return reply.code(201).send({ success: true });
    },
  );

  app.post(
    '/api/jobs/:id/candidates',
    { config: { access: JOB_BOARD_ROLES }, schema: { params: JobParams, body: AddCandidateBody, response: { 201: Created } } },
    async (request, reply) => {
      const user = request.user;
      const job = await jobSeenBy(user, request.params.id);
      if (!job) return reply.notFound(NO_JOB);
      if (!movesCandidates(user, job)) return forbidden(reply);
      const lead = await leadAsCandidate(app.db, job.id, request.body.leadId);
      // A lead the user does not work is as good as missing to them.
      if (!lead || !staffInScope(user, { assignedTo: lead.assigned_to, city: lead.city })) return sendError(reply, 404, NO_LEAD);
      const name = lead.name?.trim();
      const phone = lead.phone?.trim();
      if (!name || !phone) return sendError(reply, 400, 'This lead has no name or phone number, so it cannot be a candidate.');
      if (lead.taken) return sendError(reply, 409, ALREADY);
      const candidate = { jobId: job.id, leadId: lead.id, name, email: lead.email?.trim() ?? '', phone, personId: lead.person_id };
      try {
        const id = await app.db.transaction((tx) => insertCandidateFromLead(tx, { ...candidate, actorId: user.id }));
        return reply.code(201).send({ id });
      } catch (error) {
        // Two people adding the same lead at once: the second finds it added.
        if (isUniqueViolation(error)) return sendError(reply, 409, ALREADY);
        throw error;
      }
    },
  );
};

export const pipelineRoutes = fp(routes, { name: 'pipeline', dependencies: ['database', 'lead-routing'], encapsulate: true });
