/**
 * Whether a route's `handle` marks the back office's pages (the admin route's `{ backOffice: true }`,
 * decision 0064): they have a frame of their own, and their scripts are not deferred (decision 0087).
 */
export function isBackOfficeHandle(handle: unknown): boolean {
  return (handle as { backOffice?: boolean } | undefined)?.backOffice === true;
}
