/**
 * Cursor pagination the way the platform's `GET /users` does it: the cursor is the id of the first item of the
 * page (inclusive); `next_cursor` is the id of the first item after the page, or `null` on the last page. An
 * unknown cursor yields an empty page.
 *
 * @example
 * const { items, nextCursor } = paginate(sortedUsers, (u) => u.id, { limit: 10, cursor: query.cursor });
 */
export function paginate<T>(
  sorted: readonly T[],
  idOf: (item: T) => string,
  o: { limit?: number; cursor?: string },
): { items: T[]; nextCursor: string | null } {
  let start = 0;
  if (o.cursor !== undefined) {
    start = sorted.findIndex((item) => idOf(item) === o.cursor);
    if (start < 0) return { items: [], nextCursor: null };
  }
  const rest = sorted.slice(start);
  if (o.limit === undefined || rest.length <= o.limit) return { items: rest, nextCursor: null };
  return { items: rest.slice(0, o.limit), nextCursor: idOf(rest[o.limit]) };
}

/**
 * The paginated list body: `{"items":[...],"is_paginated":true,"pagination":{"next_cursor":...}}`.
 *
 * @example
 * return json(paginatedBody(page.items.map(toWire), page.nextCursor));
 */
export function paginatedBody(items: unknown[], nextCursor: string | null): Record<string, unknown> {
  return { items, is_paginated: true, pagination: { next_cursor: nextCursor } };
}
