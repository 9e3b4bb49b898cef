/** GraphQL input objects arrive as class instances; services validate plain data. */
export function plain<T>(input: T): unknown {
  return input === undefined ? undefined : JSON.parse(JSON.stringify(input));
}
