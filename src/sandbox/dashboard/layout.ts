/** The frame of every dashboard page: head, navigation, the notice of the last action, the script. */
import { html, SafeHtml } from './escape.js';
import type { Notice } from './notices.js';
import { SCRIPT } from './script.js';
import { STYLE } from './style.js';
import type { Page } from './view.js';

/** The sections of the navigation, by path. */
const SECTIONS = [
  ['/', 'Overview'],
  ['/dashboard/transactions', 'Transactions'],
  ['/dashboard/payouts', 'Payouts'],
  ['/dashboard/webhooks', 'Webhooks'],
  ['/dashboard/faults', 'Faults'],
] as const;

/** One page's content and what the frame shows around it. */
export interface PageFrame {
  title: string;
  /** The path of the navigation entry to mark as the current page. */
  section: Page['section'];
  body: SafeHtml;
  /** The nonce that lets the inline style and script run under the page's CSP. */
  nonce: string;
  /** The state's version when the page was made: the script compares it with the current one. */
  version: string;
  notice?: Notice | undefined;
}

/** A whole HTML document. */
export function layout(frame: PageFrame): string {
  const notice =
    frame.notice === undefined
      ? html`<div role="status"></div>`
      : frame.notice.ok
        ? html`<div role="status"><p class="notice ok">${frame.notice.text}</p></div>`
        : html`<div role="alert"><p class="notice error">${frame.notice.text}</p></div>`;
  // The style and the script are constants of this package: they alone go in unescaped.
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${frame.title} · PIX mock dashboard</title>
<style nonce="${frame.nonce}">${new SafeHtml(STYLE)}</style>
</head>
<body data-version="${frame.version}">
<a class="skip" href="#main">Skip to content</a>
<header>
<span class="brand">PIX mock</span>
<nav aria-label="Dashboard">
<ul>${SECTIONS.map(
    ([path, label]) =>
      html`<li><a href="${path}"${path === frame.section ? html` aria-current="page"` : ''}>${label}</a></li>`,
  )}</ul>
</nav>
<span id="live" hidden>Updates live</span>
</header>
<main id="main" tabindex="-1">
${notice}
<h1>${frame.title}</h1>
${frame.body}
</main>
<script nonce="${frame.nonce}">${new SafeHtml(SCRIPT)}</script>
</body>
</html>
`.text;
}
