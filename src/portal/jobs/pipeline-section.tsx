import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Download } from 'lucide-react';
import { QueryState } from '../../ui/portal-page';
import { DataTable, type Column } from '../../ui/data-table';
import { pagingOf } from '../../ui/pagination';
import { CURSOR_PARAMS, usePageCursor } from '../../ui/use-page-cursor';
import { ReachPerson } from '../../ui/reach-person';
import { formatDateTime } from '../../shared/india-time';
import { STAGES, STAGE_LABELS, type Stage } from '../../shared/pipeline-stages';
import type { Applicant } from '../../shared/api/jobs';
import type { MoveBody, MoveReply } from '../../shared/api/pipeline';
import { useJobApplicants, usePipelineChange } from './job-queries';
import { StageBadge } from './components/stage-badge';
import { StageMoveForm } from './components/stage-move-form';
import { AddCandidate } from './components/add-candidate';
import { useSession } from '../../lib/use-session';
import { isStaff } from '../../shared/roles';

const isStage = (value: string | null): value is Stage => (STAGES as readonly string[]).includes(value ?? '');

/**
 * A job's pipeline: how many candidates stand at each stage (each a filter), the candidates in stage order, and, for
 * those who work it, ticking several to move at once and adding a registration or lead as a candidate.
 */
export function PipelineSection({ jobId }: { jobId: string }) {
  const [params, setParams] = useSearchParams();
  const stage = isStage(params.get('stage')) ? (params.get('stage') as Stage) : null;
  const { cursorQuery, setCursor } = usePageCursor();
  const query = new URLSearchParams({ ...cursorQuery, ...(stage ? { stage } : {}) }).toString();
  const applicants = useJobApplicants(jobId, query);
  const move = usePipelineChange<MoveBody>(jobId, () => ({ path: '/applicants/move', method: 'POST' }));
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  // Said here: the form that moved them closes with the ticks.
  const [moved, setMoved] = useState('');
  const { role } = useSession();
  const { data } = applicants;
  const counts = data?.stageCounts ?? {};
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);

  const show = (next: Stage | null) =>
    setParams((previous) => {
      const address = new URLSearchParams(previous);
      for (const key of CURSOR_PARAMS) address.delete(key);
      if (next) address.set('stage', next);
      else address.delete('stage');
      return address;
    });
  const tick = (id: string, on: boolean) =>
    setTicked((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // Only candidates on screen stay ticked: a move or another page leaves none hidden.
  const shown = new Set(data?.applicants.map((a) => a.id));
  const selected = [...ticked].filter((id) => shown.has(id));
  const sharedStage = (() => {
    const stages = new Set(data?.applicants.filter((a) => selected.includes(a.id)).map((a) => a.stage));
    return stages.size === 1 ? [...stages][0] : undefined;
  })();

  const columns: Column<Applicant>[] = [
    {
      cardTitle: true,
      header: 'Name',
      cell: (a) => (
        <span className="pipeline-name">
          {data?.canMove ? (
            <label className="pipeline-tick">
              <input
                type="checkbox"
                aria-label={`Select ${a.name}`}
                checked={ticked.has(a.id)}
                onChange={(e) => tick(a.id, e.target.checked)}
              />
            </label>
          ) : null}
          <Link to={`/jobs/${jobId}/candidates/${a.id}`}>{a.name}</Link>
        </span>
      ),
    },
    { header: 'Stage', cell: (a) => <StageBadge state={a} /> },
    { header: 'Owner', cell: (a) => a.owner?.name ?? '—' },
    { header: 'Reach', cell: (a) => <ReachPerson name={a.name} phone={a.phone} email={a.email} whatsapp={a.whatsapp} /> },
    { header: 'Applied', cell: (a) => (a.leadId ? `Added ${formatDateTime(a.appliedAt)}` : formatDateTime(a.appliedAt)) },
    {
      header: 'Resume',
      cell: (a) =>
        a.resumeUrl ? (
          <a className="job-resume-link" href={a.resumeUrl} download>
            <Download size={16} aria-hidden="true" /> Download
          </a>
        ) : a.hasResume ? (
          'Attached'
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <nav className="stage-tabs" aria-label="Stages">
        <StageLink label="All" count={all} current={stage === null} onOpen={() => show(null)} />
        {STAGES.map((s) => (
          <StageLink key={s} label={STAGE_LABELS[s]} count={counts[s] ?? 0} current={stage === s} onOpen={() => show(s)} />
        ))}
      </nav>
      <QueryState query={applicants} />
      {data?.canMove ? (
        selected.length ? (
          <div className="portal-card pipeline-move">
            <StageMoveForm
              ids={selected}
              current={sharedStage}
              who={
                selected.length === 1
                  ? (data.applicants.find((a) => a.id === selected[0])?.name ?? '1 candidate')
                  : `${selected.length} candidates`
              }
              move={(body) => move.mutateAsync(body) as Promise<MoveReply>}
              canPlace={data.canPlace}
              onMoved={(count, to) => {
                setMoved(count === 1 ? `1 candidate moved to ${STAGE_LABELS[to]}.` : `${count} moved to ${STAGE_LABELS[to]}.`);
                setTicked(new Set());
              }}
            />
          </div>
        ) : (
          <p className="pipeline-hint">Tick candidates to move several at once, or open one to see their history.</p>
        )
      ) : null}
      <p className="leads-saved" role="status">
        {moved}
      </p>
      {data ? (
        <DataTable
          cards
          rows={data.applicants}
          caption={stage ? `Candidates at ${STAGE_LABELS[stage]}` : 'Candidates'}
          empty={{
            title: stage ? `No candidates at ${STAGE_LABELS[stage]}` : 'No applicants yet',
            text: stage
              ? 'Candidates moved to this stage appear here.'
              : "Applications appear here as candidates apply on the job's public page.",
          }}
          paging={pagingOf(data, setCursor, 'candidates')}
          columns={columns}
        />
      ) : null}
      {/* Registrations and leads are the staff's to search. */}
      {data?.canMove && isStaff(role) ? <AddCandidate jobId={jobId} /> : null}
    </>
  );
}

/** One stage of the tabs: its name and count, a filter of the list (the current one marked). */
function StageLink({ label, count, current, onOpen }: { label: string; count: number; current: boolean; onOpen: () => void }) {
  return (
    <button type="button" className="stage-tab" aria-pressed={current} onClick={onOpen}>
      {label} <span className="stage-count">{count}</span>
    </button>
  );
}
