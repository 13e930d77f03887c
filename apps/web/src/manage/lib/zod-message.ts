import { issueLine } from '@localmart/contract';
import type { z } from 'zod';

/** One readable line per problem the contract's schema found, as the server would word them. */
export function issuesMessage(error: z.ZodError): string {
  const lines = error.issues.map((issue) =>
    issueLine(issue.path.map(String).join('.'), issue.message),
  );
  return [...new Set(lines)].join('; ');
}
