/** A stored submission's reference, for the visitor to quote when they call or write. */
export function SubmissionReference({ reference }: { reference: string }) {
  return (
    <p className="form-reference">
      Your reference: <strong>{reference}</strong>
    </p>
  );
}
