/**
 * What a form holds, as one string to compare (issue 38): a form is dirty when its snapshot is not
 * the one it had when it was drawn or last saved. Files count by name and size.
 */
export function formSnapshot(data: FormData): string {
  const entries: [string, string][] = [];
  for (const [name, value] of data.entries())
    entries.push([name, typeof value === "string" ? value : `file:${value.name}:${value.size}`]);
  return JSON.stringify(entries);
}
