/**
 * A problem told at once (role alert): a form's refusal that names none of its fields, or
 * a part of a page that could not be read or changed; nothing without a message.
 */
export function ProblemNotice({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="notice notice--warning" role="alert">
      {message}
    </p>
  ) : null;
}
