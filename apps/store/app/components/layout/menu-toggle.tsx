/**
 * The small screens' Menu control (decision 0045). The server renders it as a link to the main menu,
 * which CSS shows below the bar while it is the address's target; once scripts run, the drawer's
 * button takes its place in a box of the same size, so nothing on the page moves.
 */
export const MAIN_MENU_ID = "main-menu";

/** A 40 px box for a control of the phone's bar (Menu, Search): the same before and after scripts. */
export const HEADER_CONTROL_CLASS = "flex h-10 w-10 items-center justify-center rounded hover:bg-stone-100";

export const MENU_TOGGLE_CLASS = `mobile-menu-toggle ${HEADER_CONTROL_CLASS}`;

export function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
      <path d="M2 4h16v2H2zm0 5h16v2H2zm0 5h16v2H2z" />
    </svg>
  );
}

export function MenuLink({ label }: { label: string }) {
  return (
    <a href={`#${MAIN_MENU_ID}`} className={MENU_TOGGLE_CLASS} aria-label={label}>
      <MenuIcon />
    </a>
  );
}
