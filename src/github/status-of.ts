/** The HTTP status an Octokit request error carries, or undefined for anything else. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof Error && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}
