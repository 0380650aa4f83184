const tones = {
  /** Takes the text colour: on a filled button, white on brand; on an outlined one, the brand colour. */
  current: "border-current border-t-transparent",
  /** A grey ring with a brand-coloured arc, for a spinner on a white field. */
  muted: "border-stone-300 border-t-brand",
};

/**
 * The one loading indicator. It is decoration: what is loading is said by the control it sits in
 * (`aria-busy`) or by a live region, so readers skip it.
 */
export function Spinner({
  tone = "current",
  className = "",
}: {
  tone?: keyof typeof tones;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`${className} inline-block size-4 animate-spin rounded-full border-2 ${tones[tone]}`.trim()}
    />
  );
}
