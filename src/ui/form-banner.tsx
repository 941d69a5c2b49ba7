/**
 * What a form says about the request as a whole (a refusal, a failure), announced as it appears; nothing when all is
 * well. Its id lets the fields it is about point to it.
 */
export function FormBanner({ message, id }: { message: string | null | undefined; id?: string }) {
  return message ? (
    <p id={id} className="form-banner" role="alert">
      {message}
    </p>
  ) : null;
}
