import {
  apiPaths,
  commonMessages,
  CSRF_COOKIE,
  CSRF_HEADER,
  csrfResponse,
  failureEnvelopeSchema,
  isSuccess,
  loginResponse,
  STATUS_FAIL,
  type FailureEnvelope,
  type LoginRequest,
  type LoginResponse,
} from '@localmart/contract';
import { z } from 'zod';
import { readCookie } from './cookies.ts';
import { logger, type Logger } from './logger.ts';
import { serverOrigin } from './platform.ts';
import { currentToken } from './storage.ts';

/**
 * The shared HTTP helper of spec §7. Every call answers an envelope and never throws: a failed call
 * (network error, a body that is not JSON, an answer that does not match the expected schema) is
 * logged and comes back as the generic failure envelope, so screens only ever branch on `status`.
 * A non-2xx answer that carries a JSON envelope is passed through as is (a 404 envelope arrives as
 * status 0 with the server's message).
 */

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** What a call answers when the caller gives no schema: any envelope, unknown fields kept. */
export const anyEnvelopeSchema = z.looseObject({
  status: z.union([z.literal(1), z.literal(0)]),
  message: z.string().optional(),
  result: z.unknown().optional(),
  results: z.unknown().optional(),
  showActivationLink: z.boolean().optional(),
});
export type AnyEnvelope = z.infer<typeof anyEnvelopeSchema>;

/**
 * A failure envelope, with the HTTP status when the server answered one other than 2xx. Screens that
 * must tell "not found" from "something broke" (the CMS page; Google login's 404 fallback of spec §4)
 * read it through `httpStatusOf`.
 */
export type HttpFailure = FailureEnvelope & { httpStatus?: number };

/** The answer of a call: what the schema describes, or a failure envelope. */
export type HttpResult<S extends z.ZodType> = z.output<S> | HttpFailure;

export function genericFailure(): HttpFailure {
  return { status: STATUS_FAIL, message: commonMessages.genericFailure };
}

/**
 * True when the call got no answer at all (HTTP status 0: offline, DNS, a refused connection). Spec
 * §8: such network errors are logged only (the helper logs them), never shown in a toast.
 */
export function isNetworkFailure(result: object): boolean {
  return httpStatusOf(result) === 0;
}

export function httpStatusOf(result: object): number | undefined {
  return 'httpStatus' in result && typeof result.httpStatus === 'number'
    ? result.httpStatus
    : undefined;
}

export interface HttpDeps {
  fetch: typeof fetch;
  /** Bearer token held in storage, if any. */
  token: () => string | null;
  /** '' on the web (same origin); the server origin in the native shells. */
  origin: () => string;
  /** The CSRF cookie's value, if the browser holds one. */
  csrfCookie: () => string | null;
  log: Logger;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestSpec {
  method: Method;
  path: string;
  query?: QueryParams | undefined;
  body?: BodyInit | undefined;
  /** Send the body as JSON (Content-Type: application/json). */
  json?: boolean;
  bearer: boolean;
  /** Document upload: the helper sets no headers of its own at all (spec §7). */
  noHeaders?: boolean;
}

const MUTATING: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isAbsoluteUrl(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//');
}

export function buildUrl(origin: string, path: string, query?: QueryParams): string {
  const base = isAbsoluteUrl(path) ? path : `${origin}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

export function createHttpClient(deps: HttpDeps) {
  let csrfInFlight: Promise<string | null> | null = null;

  async function fetchCsrfToken(): Promise<string | null> {
    try {
      const response = await deps.fetch(apiPaths.csrf, {
        method: 'GET',
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      const body = csrfResponse.safeParse(await response.json());
      // The cookie just set is the source of truth; the body's copy serves clients that cannot
      // read cookies.
      const fromBody = body.success && isSuccess(body.data) ? body.data.result.csrfToken : null;
      return deps.csrfCookie() ?? fromBody;
    } catch (error) {
      deps.log.error('http: could not obtain a CSRF token', error);
      return null;
    }
  }

  /** The token for the CSRF header; fetches one first when the cookie is missing (or on `renew`). */
  function csrfToken(renew = false): Promise<string | null> {
    const held = renew ? null : deps.csrfCookie();
    if (held) return Promise.resolve(held);
    // Parallel first writes share one /csrf request.
    csrfInFlight ??= fetchCsrfToken().finally(() => {
      csrfInFlight = null;
    });
    return csrfInFlight;
  }

  async function send(spec: RequestSpec, renewCsrf = false): Promise<Response> {
    const url = buildUrl(deps.origin(), spec.path, spec.query);
    const headers: Record<string, string> = {};
    if (!spec.noHeaders) {
      headers.Accept = 'application/json';
      if (spec.json) headers['Content-Type'] = 'application/json';
      const token = spec.bearer ? deps.token() : null;
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    // Spec §7: mutating requests to relative URLs carry the CSRF header taken from the cookie.
    // This is the request pipeline's concern, so it applies to document uploads too (the server
    // would refuse them otherwise); native builds call an absolute origin with a bearer token.
    if (MUTATING.has(spec.method) && !isAbsoluteUrl(url)) {
      const csrf = await csrfToken(renewCsrf);
      if (csrf) headers[CSRF_HEADER] = csrf;
    }
    return deps.fetch(url, {
      method: spec.method,
      headers,
      body: spec.body,
      credentials: 'same-origin',
    });
  }

  async function request<S extends z.ZodType>(
    spec: RequestSpec,
    schema: S,
  ): Promise<HttpResult<S>> {
    let response: Response | undefined;
    let payload: unknown;
    try {
      response = await send(spec);
      payload = await readJson(response);
      if (response.status === 403 && isCsrfRefusal(payload) && MUTATING.has(spec.method)) {
        // The cookie expired or was rotated since it was read: renew it once and try again.
        response = undefined;
        response = await send(spec, true);
        payload = await readJson(response);
      }
    } catch (error) {
      deps.log.error(`http: ${spec.method} ${spec.path} failed`, error);
      // No answer at all (offline, DNS, CORS) is HTTP status 0, as browsers report it; an answer
      // that is not JSON keeps its status when it is an error (an HTML 404 or 502 page).
      if (!response) return { ...genericFailure(), httpStatus: 0 };
      return response.ok ? genericFailure() : { ...genericFailure(), httpStatus: response.status };
    }
    const parsed = schema.safeParse(payload);
    let answer: HttpResult<S>;
    if (parsed.success) {
      answer = parsed.data;
    } else {
      // e.g. a 404 envelope answering a call whose schema only describes success
      const failure = failureEnvelopeSchema.safeParse(payload);
      if (!failure.success) {
        deps.log.error(
          `http: ${spec.method} ${spec.path} answered an unexpected body`,
          response.status,
          parsed.error,
        );
        return genericFailure();
      }
      answer = failure.data;
    }
    if (!response.ok && isFailureObject(answer)) {
      // The object is fresh from the schema parse, so adding the status mutates nothing shared.
      answer.httpStatus = response.status;
    }
    return answer;
  }

  function schemaOr<S extends z.ZodType>(schema: S | undefined): S {
    // Without a schema the answer is still checked to be an envelope. The cast is sound: the
    // default type argument of every caller below is `typeof anyEnvelopeSchema`.
    return (schema ?? anyEnvelopeSchema) as S;
  }

  return {
    /** POST a JSON body with the bearer token. */
    postJson<S extends z.ZodType = typeof anyEnvelopeSchema>(
      path: string,
      body: unknown,
      schema?: S,
    ) {
      return request(
        { method: 'POST', path, body: JSON.stringify(body ?? {}), json: true, bearer: true },
        schemaOr(schema),
      );
    },
    /** POST a JSON body without a token (sign-in, registration, codes). */
    postNoToken<S extends z.ZodType = typeof anyEnvelopeSchema>(
      path: string,
      body: unknown,
      schema?: S,
    ) {
      return request(
        { method: 'POST', path, body: JSON.stringify(body ?? {}), json: true, bearer: false },
        schemaOr(schema),
      );
    },
    /** File upload with the bearer token; no Content-Type so the browser sets the multipart boundary. */
    upload<S extends z.ZodType = typeof anyEnvelopeSchema>(
      path: string,
      formData: FormData,
      schema?: S,
    ) {
      return request({ method: 'POST', path, body: formData, bearer: true }, schemaOr(schema));
    },
    /** Document upload with no headers of the helper's own (spec §7). */
    uploadDocument<S extends z.ZodType = typeof anyEnvelopeSchema>(
      path: string,
      formData: FormData,
      schema?: S,
    ) {
      return request(
        { method: 'POST', path, body: formData, bearer: false, noHeaders: true },
        schemaOr(schema),
      );
    },
    put<S extends z.ZodType = typeof anyEnvelopeSchema>(path: string, body: unknown, schema?: S) {
      return request(
        { method: 'PUT', path, body: JSON.stringify(body ?? {}), json: true, bearer: true },
        schemaOr(schema),
      );
    },
    /** PATCH a JSON body with the bearer token (partial updates: a cart line's quantity). */
    patch<S extends z.ZodType = typeof anyEnvelopeSchema>(path: string, body: unknown, schema?: S) {
      return request(
        { method: 'PATCH', path, body: JSON.stringify(body ?? {}), json: true, bearer: true },
        schemaOr(schema),
      );
    },
    get<S extends z.ZodType = typeof anyEnvelopeSchema>(
      path: string,
      query?: QueryParams,
      schema?: S,
    ) {
      return request({ method: 'GET', path, query, bearer: true }, schemaOr(schema));
    },
    getNoToken<S extends z.ZodType = typeof anyEnvelopeSchema>(
      path: string,
      query?: QueryParams,
      schema?: S,
    ) {
      return request({ method: 'GET', path, query, bearer: false }, schemaOr(schema));
    },
    del<S extends z.ZodType = typeof anyEnvelopeSchema>(path: string, schema?: S) {
      return request({ method: 'DELETE', path, bearer: true }, schemaOr(schema));
    },
    /** Sign in with email and password (spec §7 `login`, no token). */
    login(body: LoginRequest): Promise<LoginResponse | HttpFailure> {
      return request(
        {
          method: 'POST',
          path: apiPaths.login,
          body: JSON.stringify(body),
          json: true,
          bearer: false,
        },
        loginResponse,
      );
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

async function readJson(response: Response): Promise<unknown> {
  // A 204 or an HTML error page is not an envelope: let the caller's parse turn it into a failure.
  const text = await response.text();
  if (!text) throw new Error(`empty body (HTTP ${response.status})`);
  return JSON.parse(text) as unknown;
}

function isFailureObject(value: unknown): value is HttpFailure {
  return (
    typeof value === 'object' && value !== null && 'status' in value && value.status === STATUS_FAIL
  );
}

function isCsrfRefusal(payload: unknown): boolean {
  const failure = failureEnvelopeSchema.safeParse(payload);
  return failure.success && failure.data.message === commonMessages.csrfMissing;
}

export const http: HttpClient = createHttpClient({
  // Late-bound so tests (and polyfills) that replace the global are honoured.
  fetch: (input, init) => globalThis.fetch(input, init),
  token: () => currentToken(),
  origin: serverOrigin,
  csrfCookie: () => readCookie(CSRF_COOKIE),
  log: logger,
});

export const { postJson, postNoToken, upload, uploadDocument, put, get, getNoToken, del, login } =
  http;
