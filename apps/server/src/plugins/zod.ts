import { fieldLabel, inputMessages, issueLine, unlabelledUnsafeText } from '@localmart/contract';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { safeInputPlugin } from './safe-input.ts';

/**
 * Route schemas are the contract's zod schemas, used as they are: a tiny type provider types
 * `req.body` / `req.query` / `req.params` from them, and a validator compiler runs `safeParse`
 * (so defaults, coercions and transforms of the contract apply on the server too).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A route plugin whose schemas are zod schemas. */
export type ZodRoutes<Options extends Record<string, unknown> = Record<never, never>> =
  FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>;

/** A request part failed its schema; `message` is the human sentence the client shows. */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  constructor(
    message: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(message);
  }
}

// Marks the issues our fallback wording produced; formatIssues turns it into "<field> is required".
const REQUIRED = '\u0000required';

/**
 * Fallback wording, used only where the schema set no message of its own (zod gives a schema's own
 * `error` precedence over this per-parse map, so the contract's wording always wins).
 */
function missingFieldMessage(issue: z.core.$ZodRawIssue): string | undefined {
  return issue.code === 'invalid_type' && issue.input === undefined ? REQUIRED : undefined;
}

/**
 * One human line for the client: "limit: limit must be at most 50", "email is required", and a
 * sentence written for people as it is ("The delivery fee cannot be negative.", see issueLine).
 * Every distinct problem is listed, so a form with two missing fields learns both at once.
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], part: string): string {
  const lines = issues.map((issue) => {
    // A NUL or a broken character: the sentence names the field in words, never by its path.
    const unsafe = unlabelledUnsafeText(issue);
    if (unsafe) return inputMessages.unsafeText(unsafe.unsafe, fieldLabel(issue.path));
    const field = issue.path.length === 0 ? part : issue.path.map(String).join('.');
    return issue.message === REQUIRED ? `${field} is required` : issueLine(field, issue.message);
  });
  return [...new Set(lines)].join('; ');
}

/** httpPart as named in a message: "querystring" reads better as "query". */
const partNames: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = partNames[httpPart ?? 'body'] ?? 'body';
  return (data: unknown) => {
    // Fastify hands a missing body over as null; an absent body is "undefined" to the schema.
    const result = schema.safeParse(data === null && httpPart === 'body' ? undefined : data, {
      error: missingFieldMessage,
    });
    return result.success
      ? { value: result.data }
      : {
          error: new RequestValidationError(
            formatIssues(result.error.issues, part),
            result.error.issues,
          ),
        };
  };
};

/** Replies are built with the contract's ok()/fail(), already typed; serialise them as they are. */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);

/** Makes zod the schema language of every route of the app, with the safe-input net under it. */
export const zodPlugin = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(jsonSerializerCompiler);
    // The net under the schemas: NUL / lone surrogates anywhere in a request are a 400.
    await app.register(safeInputPlugin);
  },
  { name: 'zod', fastify: '5.x' },
);
