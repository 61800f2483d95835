/**
 * The field names of an object schema, in the order its shape declares them, typed as the
 * shape's keys: the one way a field list is made, so none is ever written beside a schema.
 *
 * @example
 * fieldNames(z.object({ id: z.int(), content: z.string() })) // → ['id', 'content']
 */
export function fieldNames<Shape extends object>(schema: {
  shape: Shape
}): (keyof Shape & string)[] {
  // Object.keys types its result as string[]; the keys of a shape are exactly its fields.
  return Object.keys(schema.shape) as (keyof Shape & string)[]
}
