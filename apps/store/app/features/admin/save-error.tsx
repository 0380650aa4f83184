/** Why a save failed, in a form's save bar; nothing when it did not. */
export function SaveError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
      {error}
    </p>
  );
}
