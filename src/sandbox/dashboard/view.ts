/** What a page is made from: the mock's state, the request, and the token its forms carry. */
import type { MockContext } from '../../mock/context.js';
import type { SafeHtml } from './escape.js';
import type { Notice } from './notices.js';

/** One request's view of the mock. */
export interface View {
  ctx: MockContext;
  /** The page's URL (path and query). */
  url: URL;
  /** The token every form of the page carries. */
  token: string;
  notice?: Notice | undefined;
}

/** What a page answers: its title, its navigation entry and its content. */
export interface Page {
  title: string;
  section:
    | '/'
    | '/dashboard/transactions'
    | '/dashboard/payouts'
    | '/dashboard/webhooks'
    | '/dashboard/faults';
  body: SafeHtml;
  /** 404 for a record that does not exist. @default 200 */
  status?: number;
}

/** The page's own path and query without the notice: where its forms send the browser back. */
export function here(view: View): string {
  const query = new URLSearchParams(view.url.search);
  query.delete('notice');
  const search = query.toString();
  return search === '' ? view.url.pathname : `${view.url.pathname}?${search}`;
}
