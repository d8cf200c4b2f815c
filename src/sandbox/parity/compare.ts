/**
 * One probe's two answers compared: the status, the error `code`, the field names of a 422's
 * `errors`, the shape of the body (./shape.ts) and the headers that matter. What differs by
 * nature (ids, timestamps, balances, request ids) is never compared, only its form.
 */
import { type PathForms, type Shape, shapeOf } from './shape.js';

/** An answer as the parity run read it. */
export interface ProbeAnswer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body parsed as JSON; undefined when there is none or it is not JSON (see `kind`). */
  body: unknown;
  /** What the body is: JSON, HTML (a proxy's or a login page), other text, or nothing. */
  kind: 'json' | 'html' | 'text' | 'none';
}

/** One difference: where, and how each side writes it (`absent` when it does not). */
export interface Divergence {
  path: string;
  service: string;
  mock: string;
}

/** The headers compared: the media type, and whether each of the others is sent. */
const PRESENCE_HEADERS = ['retry-after', 'x-request-id'] as const;
export const ABSENT = 'absent';

const mediaType = (headers: Record<string, string>) =>
  headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? ABSENT;

const errorCode = (answer: ProbeAnswer) => {
  const body = answer.body as { code?: unknown; error?: { code?: unknown } } | undefined;
  const code = body?.code ?? body?.error?.code;
  return typeof code === 'string' ? code : ABSENT;
};

const errorFields = (answer: ProbeAnswer) => {
  const errors = (answer.body as { errors?: unknown } | undefined)?.errors;
  if (typeof errors !== 'object' || errors === null) return ABSENT;
  return Object.keys(errors).sort().join(', ') || '(none)';
};

const described = (entry: PathForms | undefined) => {
  if (entry === undefined) return ABSENT;
  if (entry.forms.size === 0) return 'null';
  return [...entry.forms].sort().join(' | ') + (entry.nullSeen ? ' | null' : '');
};

const CONTAINERS = new Set(['object', 'array']);
const sameForms = (a: PathForms, b: PathForms) =>
  a.forms.size === b.forms.size && [...a.forms].every((form) => b.forms.has(form));

/** Paths whose parent was reported already (a whole envelope that differs): not listed again. */
function underReported(path: string, reported: readonly string[]): boolean {
  return reported.some((parent) => path.startsWith(`${parent}.`) || path.startsWith(`${parent}[]`));
}

/**
 * The divergences of two shapes. A path on one side only is one; forms are compared where both
 * sides wrote a non-null value. Where a container differs (an array where the other has an
 * object) the paths beneath are not listed again.
 */
export function compareShapes(service: Shape, mock: Shape): Divergence[] {
  const paths = [...new Set([...service.keys(), ...mock.keys()])].sort();
  const out: Divergence[] = [];
  const reported: string[] = [];
  for (const path of paths) {
    if (underReported(path, reported)) continue;
    const ours = service.get(path);
    const theirs = mock.get(path);
    const differs =
      ours === undefined ||
      theirs === undefined ||
      (ours.forms.size > 0 && theirs.forms.size > 0 && !sameForms(ours, theirs));
    if (!differs) continue;
    out.push({ path, service: described(ours), mock: described(theirs) });
    const forms = [...(ours?.forms ?? []), ...(theirs?.forms ?? [])];
    if (forms.some((form) => CONTAINERS.has(form))) reported.push(path);
  }
  return out;
}

/**
 * Everything that differs between the service's answer and the mock's to the same probe.
 * @example compareAnswers(service, mock) // [{ path: 'status', service: '200', mock: '404' }]
 */
export function compareAnswers(service: ProbeAnswer, mock: ProbeAnswer): Divergence[] {
  const out: Divergence[] = [];
  const check = (path: string, ours: string, theirs: string) => {
    if (ours !== theirs) out.push({ path, service: ours, mock: theirs });
  };
  check('status', String(service.status), String(mock.status));
  check('header content-type', mediaType(service.headers), mediaType(mock.headers));
  for (const name of PRESENCE_HEADERS) {
    const sent = (answer: ProbeAnswer) => (answer.headers[name] === undefined ? ABSENT : 'sent');
    check(`header ${name}`, sent(service), sent(mock));
  }
  if (service.kind !== 'json' || mock.kind !== 'json') {
    check('body', service.kind === 'json' ? 'JSON' : service.kind, mock.kind === 'json' ? 'JSON' : mock.kind);
    return out;
  }
  if (service.status >= 400 || mock.status >= 400) {
    check('error code', errorCode(service), errorCode(mock));
    if (service.status === 422 || mock.status === 422)
      check('errors (fields)', errorFields(service), errorFields(mock));
  }
  // A 422's `errors` is keyed by field name, compared above; its messages are values.
  const shape = (answer: ProbeAnswer) =>
    new Map([...shapeOf(answer.body)].filter(([path]) => !path.startsWith('$.errors.')));
  out.push(...compareShapes(shape(service), shape(mock)));
  return out;
}
