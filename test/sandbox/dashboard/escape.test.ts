/** Every value a page shows is escaped: text never becomes markup. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from '../../../src/sandbox/dashboard/escape.js';

/**
 * Any text, rich in what matters to HTML. (A whole `binary` string arbitrary costs fast-check
 * seconds to set up; one unit of it at a time does not.)
 */
const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('<', '>', '&', '"', "'", '&lt;', '<script>', '</p>'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
});

/** The text a browser reads back from escaped markup (the five entities escapeHtml writes). */
const readBack = (markup: string) =>
  markup
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('html`…`', () => {
  it('escapes any string in an element or an attribute: no tag, quote or entity of its own, and the text reads back', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const out = html`<p title="${text}">${text}</p>`.text;
        const inner = out.slice('<p title="'.length, -'</p>'.length);
        const [attribute, body] = [inner.slice(0, inner.indexOf('">')), inner.slice(inner.indexOf('">') + 2)];
        return [attribute, body].every(
          (part) =>
            !/[<>"']/.test(part) &&
            !part.replace(/&(amp|lt|gt|quot|#39);/g, '').includes('&') &&
            readBack(part) === text,
        );
      }),
    );
  });

  it('shows a description holding <script> as text', () => {
    const description = '<script>alert("x")</script>';
    expect(html`<td>${description}</td>`.text).toBe(
      '<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</td>',
    );
  });

  it('keeps markup made by html itself, escapes once, joins lists and shows nothing for null, undefined and false', () => {
    const inner = html`<b>${'a&b'}</b>`;
    expect(html`<p>${inner}</p>`.text).toBe('<p><b>a&amp;b</b></p>');
    expect(html`${['<i>', html`<i>`]}`.text).toBe('&lt;i&gt;<i>');
    expect(html`[${null}${undefined}${false}${0}]`.text).toBe('[0]');
  });

  it('escapes the five characters that matter and nothing else', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[&<>"']/.test(s)),
        (text) => {
          expect(escapeHtml(text)).toBe(text);
        },
      ),
    );
  });
});
