/**
 * The end of a console form: why it was not sent (the contract's check in the browser), why the
 * server refused it (its own message), and the button that sends it.
 */
export function FormEnd({ problem, refusal, busy, label }: { problem?: string | null; refusal: string | null; busy: boolean; label: string }) {
  return (
    <>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {refusal && (
        <p className="error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {label}
      </button>
    </>
  );
}
