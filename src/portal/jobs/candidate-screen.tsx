import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSession } from '../../lib/use-session';
import { SaveMessage, useSaveResult } from '../../ui/save-message';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { ReachPerson } from '../../ui/reach-person';
import { formatDateTime, formatDay } from '../../shared/india-time';
import { FEE_TYPE_LABELS, HEAD_OFFICE, INVOICE_LABELS, JOINED, STAGE_LABELS } from '../../shared/pipeline-stages';
import type { CandidateEvent, CandidateNoteBody, MoveBody, MoveReply, OwnerBody, Placement } from '../../shared/api/pipeline';
import type { PersonRef } from '../../shared/api/pipeline';
import { isAdmin, isStaff } from '../../shared/roles';
import { useCandidate, usePipelineChange } from './job-queries';
import { StageBadge } from './components/stage-badge';
import { StageMoveForm } from './components/stage-move-form';
import { formatInr } from '../../shared/rupees';

/** /jobs/:id/candidates/:candidateId: one candidate of a job's pipeline, to reach, move, own, note and follow. */
export default function CandidateScreen() {
  const { id = '', candidateId = '' } = useParams();
  const loaded = useCandidate(id, candidateId);
  const { role } = useSession();
  const move = usePipelineChange<MoveBody>(id, () => ({ path: '/applicants/move', method: 'POST' }));
  const { data } = loaded;
  const candidate = data?.candidate;
  return (
    <PortalPage
      title={candidate?.name ?? 'Candidate'}
      trail={[{ label: 'Jobs', to: '/jobs' }, ...(data ? [{ label: data.job.title, to: `/jobs/${data.job.id}` }] : [])]}
    >
      <QueryState query={loaded} />
      {data && candidate ? (
        <>
          <div className="portal-card candidate-head">
            <StageBadge state={candidate} />
            <ReachPerson name={candidate.name} phone={candidate.phone} email={candidate.email} whatsapp={candidate.whatsapp} />
            <dl className="detail-list">
              <dt>{candidate.leadId ? 'Added' : 'Applied'}</dt>
              <dd>{formatDateTime(candidate.appliedAt)}</dd>
              <dt>Owner</dt>
              <dd>{candidate.owner?.name ?? 'Nobody yet'}</dd>
              <dt>Job</dt>
              <dd>
                {data.job.title}, {data.job.companyName}, {data.job.location}
              </dd>
              {candidate.resumeUrl ? (
                <>
                  <dt>Resume</dt>
                  <dd>
                    <a href={candidate.resumeUrl} download>
                      Download
                    </a>
                  </dd>
                </>
              ) : null}
              {candidate.leadId && isStaff(role) ? (
                <>
                  <dt>From</dt>
                  <dd>
                    <Link to={`${isAdmin(role) ? '/view-forms' : '/bde-portal'}?lead=${candidate.leadId}`}>Their registration or lead</Link>
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
          {data.placement ? <PlacementCard placement={data.placement} /> : null}
          {data.canMove ? (
            <>
              {/* A placement is undone only by those who record them. */}
              {candidate.stage !== JOINED || data.canPlace ? (
                <div className="portal-card">
                  <StageMoveForm
                    ids={[candidate.id]}
                    current={candidate.stage}
                    who={candidate.name}
                    move={(body) => move.mutateAsync(body) as Promise<MoveReply>}
                    canPlace={data.canPlace}
                    titleLevel={2}
                  />
                </div>
              ) : null}
              <OwnerForm jobId={id} candidateId={candidate.id} owner={candidate.owner} owners={data.owners} />
              <NoteForm jobId={id} candidateId={candidate.id} />
            </>
          ) : null}
          <CandidateHistory history={data.history} />
        </>
      ) : null}
    </PortalPage>
  );
}

/** What the candidate's joining bills: shown once they joined. */
function PlacementCard({ placement: p }: { placement: Placement }) {
  return (
    <section className="portal-card" aria-labelledby="candidate-placement">
      <h2 id="candidate-placement" className="job-panel-heading">
        Placement
      </h2>
      <dl className="detail-list">
        <dt>Joining date</dt>
        <dd>{formatDay(p.joiningDate)}</dd>
        <dt>CTC</dt>
        <dd>{formatInr(p.ctc)} a year</dd>
        <dt>Fee</dt>
        <dd>
          {formatInr(p.fee)} ({FEE_TYPE_LABELS[p.feeType]})
        </dd>
        <dt>Invoice</dt>
        <dd>{INVOICE_LABELS[p.invoiceStatus]}</dd>
        <dt>Franchise city</dt>
        <dd>{p.franchiseCity ?? HEAD_OFFICE}</dd>
        {p.newCompany ? (
          <>
            <dt>New company</dt>
            <dd>Yes</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function OwnerForm({
  jobId,
  candidateId,
  owner,
  owners,
}: {
  jobId: string;
  candidateId: string;
  owner: PersonRef | null;
  owners: PersonRef[];
}) {
  const id = useId();
  const [chosen, setChosen] = useState(owner?.id ?? '');
  const { result, save } = useSaveResult();
  const change = usePipelineChange<OwnerBody>(jobId, () => ({ path: `/applicants/${candidateId}`, method: 'PATCH' }));
  function submit(event: FormEvent) {
    event.preventDefault();
    void save(async () => {
      await change.mutateAsync({ ownerId: chosen || null });
      return chosen ? 'Owner saved.' : 'Owner removed.';
    });
  }
  return (
    <form className="portal-card candidate-owner" onSubmit={submit}>
      <label htmlFor={`${id}-owner`}>Owner</label>
      <select id={`${id}-owner`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">Nobody</option>
        {owners.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-light" disabled={change.isPending}>
        Save owner
      </button>
      <SaveMessage result={result} />
    </form>
  );
}

function NoteForm({ jobId, candidateId }: { jobId: string; candidateId: string }) {
  const id = useId();
  const [body, setBody] = useState('');
  const { result, save } = useSaveResult();
  const add = usePipelineChange<CandidateNoteBody>(jobId, () => ({ path: `/applicants/${candidateId}/notes`, method: 'POST' }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save(async () => {
      await add.mutateAsync({ body: body.trim() });
      return 'Note added.';
    });
    // What was typed stays when it failed, to send again.
    if (saved) setBody('');
  }
  return (
    <form className="portal-card candidate-note" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-note`}>Add a note</label>
      <textarea id={`${id}-note`} rows={3} maxLength={2000} required value={body} onChange={(e) => setBody(e.target.value)} />
      <button type="submit" className="button button-light" disabled={add.isPending || !body.trim()}>
        {add.isPending ? 'Saving…' : 'Add note'}
      </button>
      <SaveMessage result={result} />
    </form>
  );
}

/** One line of the history as a sentence. */
function describe(e: CandidateEvent): string {
  const who = e.by ?? 'Someone';
  switch (e.kind) {
    case 'added':
      return `${who} added them to the job as a candidate.`;
    case 'stage': {
      const to = e.toStage ? STAGE_LABELS[e.toStage] : '';
      const from = e.fromStage ? ` from ${STAGE_LABELS[e.fromStage]}` : '';
      const when = e.interviewAt ? `, for ${formatDateTime(e.interviewAt)}` : '';
      return `${who} moved them${from} to ${to}${when}.${e.reason ? ` “${e.reason}”` : ''}`;
    }
    case 'owner':
      return e.owner ? `${who} made ${e.owner} their owner.` : `${who} removed their owner.`;
    case 'note':
      return `${who}: ${e.body ?? ''}`;
  }
}

function CandidateHistory({ history }: { history: CandidateEvent[] }) {
  return (
    <section className="portal-card" aria-labelledby="candidate-history">
      <h2 id="candidate-history" className="job-panel-heading">
        History
      </h2>
      {history.length ? (
        <ol className="candidate-events">
          {history.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              <p>{describe(e)}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p>Nothing yet: moves, owners and notes appear here.</p>
      )}
    </section>
  );
}
