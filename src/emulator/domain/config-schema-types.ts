// The shapes of the generated config schema data (`config-schema-data.ts`), apart from the code that reads it.

/**
 * A config override level: `project` (project-wide settings), `branch` (what `pushConfig` writes) and
 * `environment` (what `updateConfig` and the dashboard write; it wins over the branch).
 *
 * @example
 * const level: ConfigLevel = "branch";
 */
export type ConfigLevel = "project" | "branch" | "environment";

/**
 * What a record key must look like for a dotted key to reach into the record.
 *
 * @example
 * const rule: KeyRule = { re: "^[a-z0-9_:]+$" };
 */
export interface KeyRule {
  uuid?: boolean;
  max?: number;
  re?: string;
  one?: string[];
}

/**
 * One node of the config schema: `k` is the kind, `f` the fields of an object, `v` the values of a record, `items`
 * the alternatives of a union or the elements of a tuple, `no` marks a key that cannot be overridden at this level.
 *
 * @example
 * const flag: SchemaNode = { k: "boolean" };
 */
export interface SchemaNode {
  k: string;
  one?: unknown[];
  uuid?: boolean;
  no?: boolean;
  f?: Record<string, SchemaNode>;
  key?: KeyRule;
  v?: SchemaNode;
  items?: SchemaNode[];
}

/**
 * The generated schema data (see `config-schema-data.ts`, which imports this type).
 *
 * @example
 * const data: ConfigSchemaData = CONFIG_SCHEMA_DATA;
 */
export interface ConfigSchemaData {
  schemas: Record<ConfigLevel, SchemaNode>;
  rendered: Record<string, unknown>;
  records: string[];
  entries: Record<string, Record<string, unknown>>;
}
