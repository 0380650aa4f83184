/** Small drawn flags for the language switcher (emoji flags do not render on every system). */
export function Flag({ lang }: { lang: "en" | "es" }) {
  if (lang === "es") {
    return (
      <svg aria-hidden="true" width="20" height="14" viewBox="0 0 3 2" className="inline-block rounded-sm">
        <rect width="3" height="2" fill="#aa151b" />
        <rect y="0.5" width="3" height="1" fill="#f1bf00" />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" width="20" height="14" viewBox="0 0 60 40" className="inline-block rounded-sm">
      <rect width="60" height="40" fill="#012169" />
      <path d="M0 0 60 40M60 0 0 40" stroke="#fff" strokeWidth="8" />
      <path d="M0 0 60 40M60 0 0 40" stroke="#c8102e" strokeWidth="3" />
      <path d="M30 0v40M0 20h60" stroke="#fff" strokeWidth="12" />
      <path d="M30 0v40M0 20h60" stroke="#c8102e" strokeWidth="7" />
    </svg>
  );
}
