/**
 * Envelopes of the varied answers: a single resource bare or as `{ data }`; a list as the
 * interface's `{ data, meta }`, Laravel's API-resource collection, Laravel's flat paginator or a
 * bare array. The items and their pagination numbers are the reference's.
 */
import type { PageMeta } from '../../schemas/list.js';
import type { WireRecord } from './varied-records.js';

/** A single resource: bare, or under `data` (Laravel's JSON resources). */
export const SINGLE_ENVELOPES = ['bare', 'data'] as const;
/** How a single resource is wrapped. */
export type SingleEnvelope = (typeof SINGLE_ENVELOPES)[number];

/** A list: as the reference answers it, `{ data, meta }`, a resource collection, the flat paginator, a bare array. */
export const LIST_ENVELOPES = ['reference', 'data-meta', 'resource-collection', 'paginator', 'bare'] as const;
/** How a list is wrapped. */
export type ListEnvelope = (typeof LIST_ENVELOPES)[number];

/** A single resource in its envelope. */
export function wrapSingle(envelope: SingleEnvelope, record: unknown): unknown {
  return envelope === 'data' ? { data: record } : record;
}

/** The pagination of a list the reference answers whole (webhook lists): one page holding all. */
function onePage(count: number): PageMeta {
  return {
    current_page: 1,
    per_page: Math.max(count, 15),
    total: count,
    last_page: 1,
    from: count === 0 ? null : 1,
    to: count === 0 ? null : count,
  };
}

/** Page URLs as Laravel writes them: the request's query kept (`withQueryString`), `page` set. */
function pages(meta: PageMeta, request: URL) {
  const path = `${request.origin}${request.pathname}`;
  const url = (page: number) => {
    const next = new URL(path);
    for (const [name, value] of request.searchParams)
      if (name !== 'page') next.searchParams.append(name, value);
    next.searchParams.set('page', String(page));
    return next.toString();
  };
  const current = meta.current_page;
  const prev = current > 1 ? url(current - 1) : null;
  const next = current < meta.last_page ? url(current + 1) : null;
  // Laravel's window of page links around the current page, between "Previous" and "Next".
  const numbers = [];
  for (let page = Math.max(1, current - 3); page <= Math.min(meta.last_page, current + 3); page++) {
    numbers.push({ url: url(page), label: String(page), active: page === current });
  }
  const links = [
    { url: prev, label: '&laquo; Previous', active: false },
    ...numbers,
    { url: next, label: 'Next &raquo;', active: false },
  ];
  return { path, first: url(1), last: url(meta.last_page), prev, next, links };
}

/** A list answer in its envelope; `reference` is the reference's own answer (with or without `meta`). */
export function wrapList(
  envelope: ListEnvelope,
  data: unknown[],
  reference: WireRecord,
  request: URL,
): unknown {
  const meta = (reference.meta as PageMeta | undefined) ?? onePage(data.length);
  switch (envelope) {
    case 'reference':
      return { ...reference, data };
    case 'data-meta':
      return { data, meta };
    case 'resource-collection': {
      const { path, first, last, prev, next, links } = pages(meta, request);
      return { data, links: { first, last, prev, next }, meta: { ...meta, links, path } };
    }
    case 'paginator': {
      const { path, first, last, prev, next, links } = pages(meta, request);
      return {
        current_page: meta.current_page,
        data,
        first_page_url: first,
        from: meta.from,
        last_page: meta.last_page,
        last_page_url: last,
        links,
        next_page_url: next,
        path,
        per_page: meta.per_page,
        prev_page_url: prev,
        to: meta.to,
        total: meta.total,
      };
    }
    case 'bare':
      return data;
  }
}
