/** Why a save failed, in a form's save bar; nothing when it did not. */
export function SaveError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
      {error}
    </p>
  );
}

/**
 * A form's outcome in its save bar: why the save failed (an alert), or `saved` in a live region
 * that is always in the page, so a screen reader says it when it appears.
 */
export function SaveOutcome({ error, saved }: { error: string | null; saved: string | null }) {
  return (
    <>
      <SaveError error={error} />
      <div role="status">
        {saved && <p className="border-l-4 border-brand bg-emerald-50 px-4 py-2">{saved}</p>}
      </div>
    </>
  );
}
