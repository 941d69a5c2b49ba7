/** A list of short points, each with a check mark; nothing when there are none. */
export function CheckList({ items }: { items: string[] | undefined }) {
  if (!items?.length) return null;
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
