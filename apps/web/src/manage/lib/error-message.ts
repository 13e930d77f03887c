/** What to show for a caught failure: an Error's sentence (the API helpers throw the server's). */
export function errorMessage(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}
