/**
 * Finding the field of a zod schema at a path of the data, wrappers
 * (optional, default, pipe …) removed and a discriminated union resolved by the
 * data's own `type`: for the content check's lines, which name the field's
 * `.describe()` text.
 */
import { z } from 'astro/zod';

export type Path = readonly PropertyKey[];

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
}
interface Internals {
  _zod: { def: Def; propValues?: Record<string, Set<unknown>> };
}
export const defOf = (schema: z.ZodType) => (schema as unknown as Internals)._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema beneath optional/default/nullable/pipe wrappers, with the outermost description met on the way. */
function peel(schema: z.ZodType): { schema: z.ZodType; description?: string } {
  let description: string | undefined;
  for (let node = schema; ;) {
    description ??= node.description;
    const def = defOf(node);
    if (WRAPPERS.has(def.type) && def.innerType) node = def.innerType;
    // A preprocess is a pipe from a transform: the fields are those of its output.
    else if (def.type === 'pipe' && def.in && def.out) node = defOf(def.in).type === 'transform' ? def.out : def.in;
    else if (def.type === 'lazy' && def.getter) node = def.getter();
    else return { schema: node, description };
  }
}

/** The option of a discriminated union that `value` chooses by its discriminator (`type`), or the schema itself. */
function chosenOption(schema: z.ZodType, value: unknown): { schema: z.ZodType; description?: string } | undefined {
  const def = defOf(schema);
  if (def.type !== 'union' || !def.discriminator || !def.options) return { schema };
  const chosen = (value as Record<string, unknown> | null | undefined)?.[def.discriminator];
  const option = def.options.find((o) => (o as unknown as Internals)._zod.propValues?.[def.discriminator!]?.has(chosen));
  return option && peel(option);
}

function childOf(schema: z.ZodType, key: PropertyKey): z.ZodType | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return typeof key === 'string' && def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
    case 'array':
      return typeof key === 'number' ? def.element : undefined;
    case 'record':
      return def.valueType;
    case 'tuple':
      return typeof key === 'number' ? def.items?.[key] : undefined;
    default:
      return undefined;
  }
}

/**
 * The schema at `path` (wrappers removed, a discriminated union resolved by the
 * data's `type`) and the description of the field, or else of its nearest
 * described ancestor. `schema` is undefined where the path leaves the schema.
 */
export function fieldAt(root: z.ZodType, path: Path, data: unknown): { schema?: z.ZodType; description?: string } {
  let current: { schema: z.ZodType; description?: string } | undefined = peel(root);
  let nearest = current.description;
  let value = data;
  for (const key of path) {
    current = chosenOption(current.schema, value);
    if (!current) return { description: nearest };
    nearest = current.description ?? nearest;
    const child = childOf(current.schema, key);
    if (!child) return { description: nearest };
    current = peel(child);
    nearest = current.description ?? nearest;
    value = (value as Record<PropertyKey, unknown> | null | undefined)?.[key];
  }
  current = chosenOption(current.schema, value);
  return { schema: current?.schema, description: current?.description ?? nearest };
}

/** The `.describe()` text that explains the field at `path` (or its nearest described ancestor). */
export function descriptionAt(root: z.ZodType, path: Path, data: unknown): string | undefined {
  return fieldAt(root, path, data).description?.replace(/\s+/g, ' ').trim() || undefined;
}
