/** How the dashboard writes money and times: BRL from integer cents, local time with the ISO value. */
import { formatCents } from '../../pix/money.js';
import { html, type SafeHtml } from './escape.js';

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Integer cents as Brazilian reais, e.g. `123456` → `R$ 1.234,56` (Intl puts a no-break space
 * after the symbol).
 * @throws AmountError when `cents` is not a safe integer: money is never a fraction of a cent.
 */
export function formatBrl(cents: number): string {
  // The exact decimal string, not cents / 100: no sum passes through a binary fraction.
  return BRL.format(formatCents(cents) as `${number}`);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date in the local time zone as `2026-11-21 10:00:00`. */
export function formatLocalTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** A `<time>` in local time, its ISO value in `datetime` and on hover. */
export function timeTag(date: Date | string | null | undefined): SafeHtml {
  if (date === null || date === undefined) return html`<span class="muted">—</span>`;
  const at = typeof date === 'string' ? new Date(date) : date;
  const iso = at.toISOString();
  return html`<time datetime="${iso}" title="${iso}">${formatLocalTime(at)}</time>`;
}
