/** A menu entry as pages show it: its label in the page's language, and its sub-entries. */
export type MenuItem = { id: number; label: string; url: string; children: MenuItem[] };
