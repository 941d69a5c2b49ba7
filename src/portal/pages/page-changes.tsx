import type { PageChange } from '../../shared/page-diff';

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Differences between two versions of a page: where, and the text on either side. */
export function PageChanges({ changes, before = 'Before', after = 'After' }: { changes: PageChange[]; before?: string; after?: string }) {
  if (!changes.length) return <p>No differences.</p>;
  return (
    <table className="page-changes">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">{before}</th>
          <th scope="col">{after}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.pointer}>
            <td>{c.place ?? <code>{c.pointer}</code>}</td>
            <td>{'before' in c ? <del>{shown(c.before)}</del> : <em>(none)</em>}</td>
            <td>{'after' in c ? <ins>{shown(c.after)}</ins> : <em>(removed)</em>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
