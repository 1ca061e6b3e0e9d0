import type { SearchSort } from '@roomweek/contract';
import { badRequest } from '../../../lib/errors.ts';

/** Where a page ends: the last room's sort key and id (keyset paging: the next page starts strictly after it). */
export interface SearchPosition {
  key: number;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Opaque to clients: base64url of `[sort, key, id]`, so a cursor of another sort is refused rather than misread. */
export function encodeCursor(sort: SearchSort, position: SearchPosition): string {
  return Buffer.from(JSON.stringify([sort, position.key, position.id])).toString('base64url');
}

/** The position a cursor holds; 400 `validation_error` on `cursor` for anything this server did not write for this sort. */
export function decodeCursor(cursor: string, sort: SearchSort): SearchPosition {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (
    Array.isArray(decoded) &&
    decoded.length === 3 &&
    decoded[0] === sort &&
    Number.isSafeInteger(decoded[1]) &&
    typeof decoded[2] === 'string' &&
    UUID.test(decoded[2])
  ) {
    return { key: decoded[1] as number, id: decoded[2] };
  }
  throw badRequest('validation_error', 'This cursor is not one of this search (use next_cursor as given, with the same sort)', 'cursor');
}
