import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type Json = Record<string, unknown>;

/** Routes whose answer could not be compiled and are checked by zod instead ("GET /x 200"). */
export const zodSerialized = new Set<string>();

/**
 * Answers are written by serializers compiled once per route from the contract (issue 14,
 * decision 0051): each zod response schema becomes a JSON Schema (zod's own `toJSONSchema`) and
 * then a fast-json-stringify function, which writes only the properties the contract names, so a
 * column added to a row never leaks into an answer. zod still checks every request. A schema
 * JSON Schema cannot express (a transform) keeps zod's checking serializer.
 */
export function serializerCompiler(route: RouteSchema): (data: unknown) => string {
  // Compiled on the route's first answer: a compilation takes a few milliseconds, and a server
  // (or a test's app) that compiled all ~130 at start would wait about a second for them.
  let compiled: ((data: unknown) => string) | undefined;
  const compile = () => {
    if (!compiled) {
      uncompiled.delete(compile);
      compiled = compileRoute(route);
    }
    return compiled;
  };
  uncompiled.add(compile);
  return (data) => compile()(data);
}

/** The serializers not compiled yet (see compileAll). */
const uncompiled = new Set<() => unknown>();

/** Compiles every route's serializer now (a test checks that none falls back to zod). */
export function compileAll() {
  for (const compile of [...uncompiled]) compile();
}

function compileRoute(route: RouteSchema): (data: unknown) => string {
  try {
    return fastJson(responseJsonSchema(route.schema) as unknown as Parameters<typeof fastJson>[0]) as (
      data: unknown,
    ) => string;
  } catch {
    zodSerialized.add(`${route.method} ${route.url} ${route.httpStatus ?? ''}`.trim());
    return zodSerializerCompiler(route as never);
  }
}

/** The JSON Schema of a route's answer, as fast-json-stringify reads it. */
export function responseJsonSchema(schema: unknown): Json {
  const zodSchema = schema instanceof z.ZodType ? schema : (schema as { properties?: unknown }).properties;
  if (!(zodSchema instanceof z.ZodType)) throw new Error('not a zod schema');
  const json = z.toJSONSchema(zodSchema, {
    target: 'draft-07',
    io: 'output',
    unrepresentable: 'throw',
    cycles: 'ref',
    reused: 'inline',
  }) as Json;
  delete json.$schema;
  return simplifyNullable(json) as Json;
}

const SINGLE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

/**
 * zod writes `T | null` as `anyOf: [T, { type: 'null' }]`, which fast-json-stringify serialises by
 * validating each branch per value; `type: [T, 'null']` says the same and is compiled inline.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplifyNullable(value);
  const anyOf = out.anyOf as Json[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && other && typeof other.type === 'string' && SINGLE_TYPES.has(other.type)) {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}
