import type { ReplyShape } from './route-shape';

// A row's reply shape, read twice: what the adapter sends (replyBody) and what the OpenAPI document promises
// (replySchema). Both live here, side by side, so a shape cannot be answered one way and documented another.

export type JsonSchema = Record<string, unknown>;

function asRecord(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new Error('a "fields" or "message" row needs a procedure that returns an object');
}

/** The body of a successful call for a row of this shape, from the procedure's (already validated) result. */
export function replyBody(shape: ReplyShape, result: unknown): Record<string, unknown> {
  if (typeof shape === 'object') return { success: true, message: shape.message };
  switch (shape) {
    case 'data':
    case 'paginated':
      return { success: true, data: result };
    case 'fields':
      return { ...asRecord(result), success: true };
    case 'message':
      return { success: true, message: asRecord(result).message };
  }
}

const SUCCESS = { type: 'boolean', const: true };

function objectProperties(output: JsonSchema | undefined, what: string) {
  if (output?.type !== 'object' || typeof output.properties !== 'object') {
    throw new Error(`${what}: the procedure's output must be an object schema`);
  }
  return {
    properties: output.properties as Record<string, JsonSchema>,
    required: (output.required as string[] | undefined) ?? [],
  };
}

/**
 * The JSON Schema (2020-12, as OpenAPI 3.1 reads it) of a successful answer of this shape, given the procedure's
 * output schema. `what` names the row in the error thrown when the procedure cannot answer that shape (the
 * document is built at start-up and in a unit test, so such a row never ships).
 */
export function replySchema(shape: ReplyShape, output: JsonSchema | undefined, what: string): JsonSchema {
  const envelope = (properties: Record<string, JsonSchema>, required: string[]) => ({
    type: 'object',
    properties: { success: SUCCESS, ...properties },
    required: ['success', ...required],
    additionalProperties: false,
  });
  if (typeof shape === 'object') {
    return envelope({ message: { type: 'string', const: shape.message } }, ['message']);
  }
  switch (shape) {
    case 'data':
      return envelope({ data: output ?? {} }, ['data']);
    case 'paginated': {
      const { properties } = objectProperties(output, what);
      if ((properties.data as JsonSchema | undefined)?.type !== 'array' || !properties.paginator) {
        throw new Error(`${what}: a "paginated" row needs a procedure whose output is ZPaginated(item)`);
      }
      return envelope({ data: output! }, ['data']);
    }
    case 'fields': {
      const { properties, required } = objectProperties(output, what);
      return envelope(properties, required);
    }
    case 'message': {
      const { properties } = objectProperties(output, what);
      if ((properties.message as JsonSchema | undefined)?.type !== 'string') {
        throw new Error(`${what}: a "message" row needs a procedure that returns { message: string }`);
      }
      return envelope({ message: { type: 'string' } }, ['message']);
    }
  }
}
