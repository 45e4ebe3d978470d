import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLeftoverTypeLookup } from './leftover-type-lookup';

// The lookup's text as the installed driver sends it: if postgres.js rewrites it, this test says so.
const driver = readFileSync(join(import.meta.dirname, '../../node_modules/postgres/src/connection.js'), 'utf8');
const lookup = /async function fetchArrayTypes\(\)[\s\S]*?new Query\(\[`([\s\S]*?)`\]/.exec(driver)?.[1];

describe('the postgres.js array-type lookup that nobody awaits', () => {
  it('is recognised by its query and a lost connection, and nothing else is', () => {
    expect(lookup).toContain('typcategory');
    expect(isLeftoverTypeLookup({ code: 'CONNECTION_CLOSED', query: lookup })).toBe(true);
    expect(isLeftoverTypeLookup({ code: '3D000', query: lookup })).toBe(true);
    // The same lost connection on any other query is a real failure.
    expect(isLeftoverTypeLookup({ code: 'CONNECTION_CLOSED', query: 'select * from filings' })).toBe(false);
    // The lookup failing for another reason too.
    expect(isLeftoverTypeLookup({ code: '42P01', query: lookup })).toBe(false);
    expect(isLeftoverTypeLookup(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'))).toBe(false);
    expect(isLeftoverTypeLookup(null)).toBe(false);
  });
});
