/**
 * A kept table read off the zod schema of its rows: each field is a column (the field in
 * snake_case), of the SQLite type its schema's input says (a string or enum is TEXT, an integer
 * INTEGER, another number REAL, a boolean INTEGER 0 or 1, an object or array TEXT holding JSON),
 * NOT NULL unless the schema takes null or no value, with a CHECK for a lower bound (`z.gte`).
 * A field whose key may be absent is kept as NULL, and read back without the key. So a field
 * added to the schema is a column, a line of DDL and a field of the row decoder at once.
 */
import type * as z from 'zod/mini';

/** A table and the state's field behind each column. */
export interface Table {
  name: string;
  /** The state's fields, in column order (the column is the field in snake_case). */
  fields: readonly string[];
  /** The field that identifies a row (upserts replace on it). */
  key: string;
  /** The column rows are read in, when not the key's. */
  order?: string;
  /** Fields kept as JSON text (arrays and objects). */
  json?: readonly string[];
  /** Fields kept as 0 or 1. */
  booleans?: readonly string[];
  /** Fields left out of the state when NULL (the state has no such key then). */
  optional?: readonly string[];
}

/** A table whose columns are read off a schema, with the DDL of each column. */
export interface SchemaTable extends Table {
  /** Each field's column definition, e.g. `amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0)`. */
  columns: Readonly<Record<string, string>>;
}

/** A field's column: `amountCents` is `amount_cents`. */
export const column = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The parts of a zod schema's definition this module reads. */
interface Definition {
  type: string;
  format?: string;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  checks?: { _zod: { def: { check: string; value?: unknown; inclusive?: boolean } } }[];
}

const definitionOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as Definition;

/** What a field's schema says of its column. */
interface Described {
  sql: 'TEXT' | 'INTEGER' | 'REAL';
  nullable: boolean;
  json: boolean;
  boolean: boolean;
  /** Lower bounds: `>= n`. */
  atLeast: number[];
}

function describe(schema: z.ZodMiniType, field: string): Described {
  const def = definitionOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return { ...describe(def.innerType as z.ZodMiniType, field), nullable: true };
    case 'pipe':
      // Kept as the schema reads it: its input.
      return describe(def.in as z.ZodMiniType, field);
    case 'string':
    case 'enum':
    case 'literal':
      return { sql: 'TEXT', nullable: false, json: false, boolean: false, atLeast: [] };
    case 'boolean':
      return { sql: 'INTEGER', nullable: false, json: false, boolean: true, atLeast: [] };
    case 'object':
    case 'array':
    case 'record':
      return { sql: 'TEXT', nullable: false, json: true, boolean: false, atLeast: [] };
    case 'number': {
      const atLeast = (def.checks ?? [])
        .map((check) => check._zod.def)
        .filter((check) => check.check === 'greater_than' && check.inclusive === true)
        .map((check) => check.value as number);
      const integer = def.format === 'safeint' || def.format === 'int32';
      return { sql: integer ? 'INTEGER' : 'REAL', nullable: false, json: false, boolean: false, atLeast };
    }
    default:
      throw new Error(`${field}: a ${def.type} schema has no SQLite column`);
  }
}

/**
 * The table `name` of the rows `schema` reads.
 * @param key the field that identifies a row: its column is the primary key.
 * @param unique fields whose column holds no value twice.
 */
export function tableOf(
  name: string,
  schema: z.ZodMiniObject,
  options: { key: string; unique?: readonly string[] },
): SchemaTable {
  const shape = schema._zod.def.shape as Record<string, z.ZodMiniType>;
  const fields = Object.keys(shape);
  const described = Object.fromEntries(
    fields.map((field) => [field, describe(shape[field] as z.ZodMiniType, field)]),
  );
  const columns = Object.fromEntries(
    fields.map((field) => {
      const { sql, nullable, atLeast } = described[field] as Described;
      const name = column(field);
      const constraint =
        field === options.key
          ? ' PRIMARY KEY'
          : `${nullable ? '' : ' NOT NULL'}${options.unique?.includes(field) ? ' UNIQUE' : ''}`;
      const checks =
        field === options.key ? '' : atLeast.map((bound) => ` CHECK (${name} >= ${bound})`).join('');
      return [field, `${name} ${sql}${constraint}${checks}`];
    }),
  );
  const where = (test: (d: Described, field: string) => boolean) =>
    fields.filter((field) => test(described[field] as Described, field));
  return {
    name,
    fields,
    key: options.key,
    columns,
    json: where((d) => d.json),
    booleans: where((d) => d.boolean),
    // Absent, not null: a key the schema lets go missing.
    optional: where((_, field) => (shape[field] as z.ZodMiniType)._zod.optin === 'optional'),
  };
}

/** `CREATE TABLE` of a schema's table, with its columns but `leaveOut` (added by later migrations). */
export function createTableSql(table: SchemaTable, leaveOut: readonly string[] = []): string {
  const columns = table.fields.filter((field) => !leaveOut.includes(field));
  return `CREATE TABLE ${table.name} (\n  ${columns.map((field) => table.columns[field]).join(',\n  ')}\n);`;
}
