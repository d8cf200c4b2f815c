/**
 * The fields of a JSON Schema from the OpenAPI document as table rows: the exact wire name
 * (nested objects dotted, `tracking_parameters.utm_source`), the type, whether it is required,
 * its limits and its description.
 */

/** A JSON Schema object, as the document holds it. */
export type Schema = Record<string, unknown>;

/** One field of a body, as the wire reference lists it. */
export interface FieldRow {
  name: string;
  type: string;
  required: string;
  rules: string;
  description: string;
}

/** Formats named by the component a field refers to, so a UUID reads as one. */
const FORMATS: Record<string, string> = {
  Uuid: 'string (UUID)',
  Guid: 'string (UUID)',
  Date: 'string (date `YYYY-MM-DD`)',
  DateTime: 'string (ISO 8601 date-time)',
};
/** The integer limits zod writes for any safe integer: no limit for a reader. */
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;
/** A pattern longer than this is left to the OpenAPI document. */
const LONGEST_PATTERN = 40;

const componentName = (schema: Schema) =>
  typeof schema.$ref === 'string' ? schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1) : undefined;
const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** Resolves `#/components/schemas/…` references against the document's components. */
export class Schemas {
  constructor(private readonly components: Record<string, Schema>) {}

  /** The schema `schema` refers to (itself when it is no reference), with its own keywords on top. */
  resolve(schema: Schema): Schema {
    const name = componentName(schema);
    if (name === undefined) return schema;
    const { $ref: _ref, ...own } = schema;
    return { ...this.resolve(this.components[name] ?? {}), ...own };
  }

  /** A field's type in words: `string (UUID)`, `array of string`, `integer or null`… */
  type(schema: Schema): string {
    const format = FORMATS[componentName(schema) ?? ''];
    if (format !== undefined) return format;
    const resolved = this.resolve(schema);
    const { type, anyOf, items } = resolved as { type?: unknown; anyOf?: Schema[]; items?: Schema };
    if (isForbidden(resolved)) return 'never';
    if (anyOf !== undefined) {
      const named = [...new Set(anyOf.map((option) => this.type(option)))];
      return named.join(' or ');
    }
    if (Array.isArray(type)) return type.join(' or ');
    if (type === 'array') return `array of ${items === undefined ? 'any' : this.type(items)}`;
    if (resolved.const !== undefined) return typeof resolved.const;
    return typeof type === 'string' ? type : 'any';
  }

  /** A field's limits: values, bounds, lengths, format, pattern. */
  rules(schema: Schema): string {
    // A format component (Uuid, DateTime…) is named by the type; its pattern would only repeat it.
    const known = FORMATS[componentName(schema) ?? ''] !== undefined;
    const resolved = this.resolve(schema);
    const options = (resolved.anyOf ?? []) as Schema[];
    // `X or null`: the rules of X.
    const [only, ...others] = options.filter((option) => option.type !== 'null');
    if (only !== undefined && others.length === 0 && options.length === 2) return this.rules(only);
    const open = (resolved.anyOf as Schema[] | undefined)?.find((option) => Array.isArray(option.enum));
    const rules: string[] = [];
    if (Array.isArray(resolved.enum)) rules.push(`one of ${resolved.enum.map(code).join(', ')}`);
    if (open !== undefined)
      rules.push(`known values ${(open.enum as unknown[]).map(code).join(', ')}; others may come`);
    if (resolved.const !== undefined) rules.push(`always ${code(resolved.const)}`);
    const bound = (key: string, sign: string) => {
      const value = resolved[key];
      if (typeof value === 'number' && Math.abs(value) !== SAFE_INTEGER) rules.push(`${sign} ${value}`);
    };
    bound('minimum', '≥');
    bound('exclusiveMinimum', '>');
    bound('maximum', '≤');
    bound('exclusiveMaximum', '<');
    const length = characters(resolved.minLength, resolved.maxLength);
    if (length !== undefined) rules.push(length);
    if (resolved.minItems !== undefined) rules.push(`at least ${resolved.minItems} item(s)`);
    if (resolved.uniqueItems === true) rules.push('no repeats');
    const items = resolved.items === undefined ? '' : this.rules(resolved.items as Schema);
    if (items !== '') rules.push(`each: ${items}`);
    if (typeof resolved.format === 'string') rules.push(`format ${resolved.format}`);
    else if (typeof resolved.pattern === 'string' && !known) {
      rules.push(
        resolved.pattern.length > LONGEST_PATTERN
          ? 'pattern: see /openapi.json'
          : `pattern ${code(resolved.pattern)}`,
      );
    }
    if (isForbidden(resolved)) rules.push('must not be sent');
    return rules.join('; ');
  }

  /** The rows of an object schema's fields, nested objects flattened under `prefix.`. */
  rows(schema: Schema, prefix = ''): FieldRow[] {
    const resolved = this.resolve(schema);
    const properties = (resolved.properties ?? {}) as Record<string, Schema>;
    const required = new Set((resolved.required ?? []) as string[]);
    return Object.entries(properties).flatMap(([key, property]) => {
      const name = `${prefix}${key}`;
      const target = this.resolve(property);
      const row: FieldRow = {
        name,
        type: this.type(property),
        required: isForbidden(target) ? 'no' : required.has(key) ? 'yes' : 'no',
        rules: this.rules(property),
        description: describe(property, target),
      };
      const nested = target.properties === undefined ? [] : this.rows(target, `${name}.`);
      return [row, ...nested];
    });
  }
}

/** A string's length limits in words. */
function characters(min: unknown, max: unknown): string | undefined {
  const least = typeof min === 'number' && min > 0 ? min : undefined;
  const most = typeof max === 'number' ? max : undefined;
  if (least !== undefined && most !== undefined) return `${least} to ${most} characters`;
  if (most !== undefined) return `at most ${most} characters`;
  if (least !== undefined) return `at least ${least} character${least === 1 ? '' : 's'}`;
  return undefined;
}

/** A field that must not be sent: `{ not: {} }`. */
function isForbidden(schema: Schema): boolean {
  const not = schema.not as Schema | undefined;
  return not !== undefined && Object.keys(not).length === 0;
}

/** The field's own description, else its component's (not for a format: the type says it). */
function describe(property: Schema, target: Schema): string {
  if (typeof property.description === 'string') return property.description;
  if (FORMATS[componentName(property) ?? ''] !== undefined) return '';
  return typeof target.description === 'string' ? target.description : '';
}

/** A markdown table cell: one line, pipes escaped. */
export const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|');

/** A markdown table of `rows` under `header` (the formatter pads its columns). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The table of a body's fields. */
export function fieldTable(rows: readonly FieldRow[]): string {
  return table(
    ['field', 'type', 'required', 'rules', 'description'],
    rows.map((row) => [code(row.name), row.type, row.required, row.rules, row.description]),
  );
}
