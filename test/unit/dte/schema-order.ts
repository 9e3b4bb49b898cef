/** Asserts that every object follows the key order of the schema's `properties`, with every key present. */
type Json = Record<string, any>;

export function expectSchemaOrder(value: unknown, schema: Json, path = '$'): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => expectSchemaOrder(v, schema.items ?? {}, `${path}[${i}]`));
    return;
  }
  if (value === null || typeof value !== 'object' || !schema.properties) return;
  expect({ path, keys: Object.keys(value) }).toEqual({ path, keys: Object.keys(schema.properties) });
  for (const key of Object.keys(schema.properties)) expectSchemaOrder((value as Json)[key], schema.properties[key], `${path}.${key}`);
}
