/**
 * HTML from templates in which every value is escaped: `html` passes each interpolated value
 * through {@link escapeHtml}, unless it is markup that `html` itself made. A description holding
 * `<script>` therefore shows as text, and no page builds markup by concatenating strings.
 */

/** Markup made by {@link html}: the only thing inserted into a page unescaped. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML element or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}

/** A value as markup: markup stays, lists are joined, nothing shows for null, undefined or false. */
function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * The template tag of every page: each value is escaped (see {@link escapeHtml}).
 * @example html`<td>${record.description}</td>` // "<script>" becomes "&lt;script&gt;"
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] as string;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] as string);
  return new SafeHtml(out);
}
