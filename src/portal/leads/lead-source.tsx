import { Fragment } from 'react';
import { formatDateTime } from '../../shared/india-time';
import type { LeadDetail, Touch } from '../../shared/api/leads';

/** A visit's campaign, site and landing page, as a marketer reads them. */
function touchRows(touch: Touch): [string, string | undefined][] {
  return [
    ['Seen', formatDateTime(touch.seenAt)],
    ['Campaign', touch.utm_campaign],
    ['Source / medium', [touch.utm_source, touch.utm_medium].filter(Boolean).join(' / ') || undefined],
    ['Term', touch.utm_term],
    ['Content', touch.utm_content],
    ['Ad click', touch.clickIds?.join(', ')],
    ['Linked from', touch.referrer],
    ['Landed on', touch.landingPage],
  ];
}

function TouchList({ title, touch }: { title: string; touch: Touch }) {
  const rows = touchRows(touch).filter((row): row is [string, string] => Boolean(row[1]));
  const direct = !touch.utm_source && !touch.utm_campaign && !touch.referrer && !touch.clickIds;
  return (
    <>
      <h4>{title}</h4>
      {direct ? <p className="leads-muted">Direct: typed in, a bookmark, or an app that sends no address.</p> : null}
      <dl className="detail-list leads-touch">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}

/** Where the lead came from: its source, and the first and latest visits the visitor's browser kept. */
export function LeadSource({ lead }: { lead: LeadDetail }) {
  const { attribution } = lead;
  const sameVisit = attribution && JSON.stringify(attribution.first) === JSON.stringify(attribution.last);
  return (
    <section className="portal-card" aria-labelledby="lead-source">
      <h3 id="lead-source">Where it came from</h3>
      <p>
        <strong>Source:</strong> {lead.source ?? 'Not recorded (it came before sources were kept)'}
        {lead.offlineSource ? ' (offline, set by staff)' : ''}
      </p>
      {attribution ? (
        <>
          <TouchList title={sameVisit ? 'First and latest visit' : 'First visit'} touch={attribution.first} />
          {sameVisit ? null : <TouchList title="Latest visit from a campaign or another site" touch={attribution.last} />}
        </>
      ) : lead.source ? (
        <p className="leads-muted">The visitor's browser kept no visits (storage off, or a private window).</p>
      ) : null}
    </section>
  );
}
