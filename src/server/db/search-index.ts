// Staff search indexes (decision 243), the one place their engine-specific SQL lives. SQLite: an FTS5 table with the
// trigram tokenizer (case and diacritics folded) per searched table, kept by triggers, that narrows a search to
// candidate rows; the exact rule (containsIgnoringCase, decision 134) then decides. PostgreSQL: a GIN trigram index
// (pg_trgm) on the very expression containsIgnoringCase matches, so its LIKE reads the index itself.
import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import { nextTurn } from '../time-slices';
import { withCheckpointsAside } from './checkpoints-aside';
import { asInt, isPostgres } from './dialect';

type AnyDb = Kysely<any>;

/** One searched table: the index's name, the table, its integer id column and the columns its text joins. */
export interface SearchIndexDef {
  index: string;
  table: string;
  id: string;
  columns: readonly string[];
  /** Also index the diacritic-folded text on PostgreSQL (the products' typo-tolerant search). */
  folded?: boolean;
}

/** The searched text of a row: the columns joined with spaces, NULL as '' (the text containsIgnoringCase matches). */
function joined(columns: readonly string[], prefix = ''): string {
  return columns.map((c) => `coalesce(${prefix}"${c}", '')`).join(` || ' ' || `);
}

/**
 * Latin letters with diacritics and their plain letter, for PostgreSQL's translate(): SQLite's FTS5 folds with
 * `remove_diacritics`; PostgreSQL's unaccent would be one more extension for a dozen letters shop text uses.
 */
const FOLDS: ReadonlyArray<[string, string]> = [
  ['àáâãäåāăą', 'a'],
  ['çćč', 'c'],
  ['ď', 'd'],
  ['èéêëēėęě', 'e'],
  ['ìíîïīį', 'i'],
  ['ł', 'l'],
  ['ñńň', 'n'],
  ['òóôõöøōő', 'o'],
  ['ŕř', 'r'],
  ['śšş', 's'],
  ['ť', 't'],
  ['ùúûüūůűų', 'u'],
  ['ýÿ', 'y'],
  ['źżž', 'z'],
];
// Upper-case forms too: lower() leaves them alone under the C collation.
const FOLD_FROM = FOLDS.map(([from]) => from + from.toUpperCase()).join('');
const FOLD_TO = FOLDS.map(([from, to]) => to.repeat(2 * [...from].length)).join('');

/** PostgreSQL: lower-cased text with diacritics folded (the products' folded index and its queries). */
const pgFolded = (text: string) => `translate(lower(${text}), '${FOLD_FROM}', '${FOLD_TO}')`;

// ---- Migrations ------------------------------------------------------------------------------------------------

/** Creates the index of `def`, its triggers (SQLite) and fills it from the rows already there. */
export async function createSearchIndex(db: AnyDb, def: SearchIndexDef): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql
      .raw(`CREATE INDEX ${def.index} ON ${def.table} USING gin ((lower(${joined(def.columns)})) gin_trgm_ops)`)
      .execute(db);
    if (def.folded)
      await sql
        .raw(
          `CREATE INDEX ${def.index}_folded ON ${def.table} USING gin ((${pgFolded(joined(def.columns))}) gin_trgm_ops)`,
        )
        .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE VIRTUAL TABLE ${def.index} USING fts5(body, content='', contentless_delete=1, tokenize='trigram remove_diacritics 1')`,
    )
    .execute(db);
  const add = (row: string) =>
    `INSERT INTO ${def.index} (rowid, body) VALUES (${row}."${def.id}", ${joined(def.columns, `${row}.`)});`;
  const remove = `DELETE FROM ${def.index} WHERE rowid = old."${def.id}";`;
  const watched = [def.id, ...def.columns].map((c) => `"${c}"`).join(', ');
  for (const ddl of [
    `CREATE TRIGGER ${def.index}_insert AFTER INSERT ON ${def.table} BEGIN ${add('new')} END`,
    `CREATE TRIGGER ${def.index}_update AFTER UPDATE OF ${watched} ON ${def.table} BEGIN ${remove} ${add('new')} END`,
    `CREATE TRIGGER ${def.index}_delete AFTER DELETE ON ${def.table} BEGIN ${remove} END`,
  ])
    await sql.raw(ddl).execute(db);
  await rebuildSqliteIndex(db, def);
}

export async function dropSearchIndex(db: AnyDb, def: SearchIndexDef): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`DROP INDEX IF EXISTS ${def.index}_folded`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS ${def.index}`).execute(db);
    return;
  }
  for (const op of ['insert', 'update', 'delete'])
    await sql.raw(`DROP TRIGGER IF EXISTS ${def.index}_${op}`).execute(db);
  await sql.raw(`DROP TABLE IF EXISTS ${def.index}`).execute(db);
}

/** SQLite: empties the FTS table and indexes every row of its table again. */
async function rebuildSqliteIndex(db: AnyDb, def: SearchIndexDef): Promise<void> {
  await sql.raw(`DELETE FROM ${def.index}`).execute(db);
  await sql
    .raw(
      `INSERT INTO ${def.index} (rowid, body) SELECT "${def.id}", ${joined(def.columns)} FROM ${def.table} ORDER BY "${def.id}"`,
    )
    .execute(db);
}

/**
 * SQLite: whether an index's row count or highest id differs from its table's (rows written while the triggers
 * were missing, a file put together by hand): two counts and two max(), each a few ms to tens of ms at 200 000 rows.
 * False for an index this database does not have (yet).
 */
async function staleSqliteIndex(db: AnyDb, def: SearchIndexDef): Promise<boolean> {
  const exists = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = ${def.index}`.execute(
    db,
  );
  if (!Number(exists.rows[0]?.n)) return false;
  // One statement each with a turn of the event loop after it. The index's rows are counted in its %_docsize shadow
  // table (a row per document, a few bytes each: under a millisecond where count(*) on the FTS table took ~80 ms).
  const one = async (query: string) => {
    const { rows } = await sql.raw<{ v: number | null }>(query).execute(db);
    await nextTurn();
    return rows[0]?.v ?? null;
  };
  if (
    (await one(`SELECT max("${def.id}") AS v FROM ${def.table}`)) !==
    (await one(`SELECT max(rowid) AS v FROM ${def.index}`))
  )
    return true;
  const rows = Number(await one(`SELECT count(*) AS v FROM ${def.table}`));
  return rows !== Number(await one(`SELECT count(*) AS v FROM ${def.index}_docsize`));
}

/**
 * SQLite: rebuilds the stale indexes of `defs` (staleSqliteIndex), each in one transaction. PostgreSQL keeps its
 * indexes itself. Returns the indexes rebuilt.
 */
export async function repairSearchIndexes(db: AnyDb, defs: readonly SearchIndexDef[]): Promise<string[]> {
  if (isPostgres(db)) return [];
  const rebuilt: string[] = [];
  for (const def of defs) {
    if (!(await staleSqliteIndex(db, def))) continue;
    await db.transaction().execute((trx) => rebuildSqliteIndex(trx, def));
    rebuilt.push(def.index);
  }
  return rebuilt;
}

/**
 * SQLite: runs `fill`, which writes many rows into the FTS index `index` over many small transactions, with FTS5's
 * merging held back, then merges its segments a few hundred pages per statement with a turn of the event loop
 * between. Left on, every commit merges segments and now and then merges large ones in one statement (hundreds of
 * ms at 100 000 rows: the 20 ms slices of a rebuild took 100-700 ms each). A crash midway leaves merging off until
 * the next such run; the index stays right (more segments read per search) and the next start's rebuild turns it on.
 */
export async function withMergesDeferred<T>(db: AnyDb, index: string, fill: () => Promise<T>): Promise<T> {
  if (isPostgres(db)) return fill();
  const config = (name: string, value: number) =>
    sql.raw(`INSERT INTO ${index} (${index}, rank) VALUES ('${name}', ${value})`).execute(db);
  await config('automerge', 0);
  await config('crisismerge', 1000);
  try {
    return await fill();
  } finally {
    await config('crisismerge', 16); // FTS5's defaults
    await config('automerge', 4);
    for (;;) {
      const before = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db);
      await config('merge', 200);
      const after = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db);
      await nextTurn();
      if (Number(after.rows[0]!.n) - Number(before.rows[0]!.n) <= 1) break;
    }
  }
}

/** Indexes being rebuilt in slices in this process: searches do not narrow on them meanwhile (decision 263). */
const rebuildingIndexes = new Set<string>();

/** Rows indexed per transaction of the sliced rebuild (a few ms each). */
const REBUILD_ROWS = 2000;

/**
 * repairSearchIndexes after a start (decision 263): the same checks, a turn of the event loop after each, and a
 * stale index emptied and filled again REBUILD_ROWS ids per transaction (each deletes its id range first, so a row a
 * trigger indexed meanwhile is not indexed twice). Until an index is found right or is full again, searches skip it and apply their exact rule to
 * every row: slower, never a row missing; the typo-tolerant product search matches exactly only meanwhile.
 */
export async function repairSearchIndexesInSlices(db: AnyDb, defs: readonly SearchIndexDef[]): Promise<string[]> {
  if (isPostgres(db)) return [];
  const rebuilt: string[] = [];
  // Until its check says it is right, an index is not narrowed on (it may be missing rows: the reason for the check).
  for (const def of defs) rebuildingIndexes.add(def.index);
  for (const def of defs) {
    const stale = await staleSqliteIndex(db, def).catch((err: unknown) => {
      for (const d of defs) rebuildingIndexes.delete(d.index);
      throw err;
    });
    await nextTurn();
    if (!stale) {
      rebuildingIndexes.delete(def.index);
      continue;
    }
    try {
      await sql.raw(`INSERT INTO ${def.index} (${def.index}) VALUES ('delete-all')`).execute(db);
      await withCheckpointsAside(db, () => withMergesDeferred(db, def.index, () => fillInSlices(db, def)));
    } finally {
      rebuildingIndexes.delete(def.index);
    }
    rebuilt.push(def.index);
  }
  return rebuilt;
}

/** The sliced rebuild's fill: REBUILD_ROWS ids per transaction, each deleting its id range first. */
async function fillInSlices(db: AnyDb, def: SearchIndexDef): Promise<void> {
  for (let after = 0; ;) {
    const last = await db.transaction().execute(async (trx) => {
      const { rows } = await sql
        .raw<{ id: number | null }>(
          `SELECT max("${def.id}") AS id FROM (SELECT "${def.id}" FROM ${def.table} WHERE "${def.id}" > ${after} ORDER BY "${def.id}" LIMIT ${REBUILD_ROWS})`,
        )
        .execute(trx);
      const upTo = rows[0]?.id ?? null;
      if (upTo === null) return null;
      await sql.raw(`DELETE FROM ${def.index} WHERE rowid > ${after} AND rowid <= ${upTo}`).execute(trx);
      await sql
        .raw(
          `INSERT INTO ${def.index} (rowid, body) SELECT "${def.id}", ${joined(def.columns)} FROM ${def.table} WHERE "${def.id}" > ${after} AND "${def.id}" <= ${upTo} ORDER BY "${def.id}"`,
        )
        .execute(trx);
      return Number(upTo);
    });
    if (last === null) break;
    after = last;
    await nextTurn();
  }
}

// ---- Queries ---------------------------------------------------------------------------------------------------

/** A word the trigram index can look up: three characters or more, none of them a combining mark. */
function indexable(word: string): boolean {
  return [...word].length >= 3 && !/\p{M}/u.test(word);
}

/** An FTS5 phrase: the text in double quotes (a quote doubled), matched as a substring by the trigram tokenizer. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * SQLite: `id IN (rows of the index whose text contains every one of words, or ids listed in alsoIds)`, a superset
 * of the rows containsIgnoringCase matches for each word (the index folds case and diacritics, the LIKE only ASCII
 * case), for a query to narrow on before it applies the exact rule. Words under three characters are left to the
 * exact rule. Null where the index cannot narrow: on PostgreSQL (whose LIKE reads its GIN index itself) and when no
 * word has three characters.
 */
export function searchCandidates(
  db: AnyDb,
  index: string,
  id: Expression<number>,
  words: readonly string[],
  alsoIds: readonly number[] = [],
): RawBuilder<boolean> | null {
  const looked = words.filter(indexable);
  if (isPostgres(db) || looked.length === 0 || rebuildingIndexes.has(index)) return null;
  const extra = alsoIds.map((n) => sql` UNION ALL SELECT ${n}`);
  const match = looked.map(phrase).join(' AND ');
  return sql<boolean>`${id} IN (SELECT rowid FROM ${sql.table(index)} WHERE ${sql.table(index)} MATCH ${match}${sql.join(extra, sql``)})`;
}

/** The longest word the typo-tolerant search compares by trigrams (longer ones match exactly only). */
const NEAR_MAX_CHARS = 24;

/**
 * The distinct three-character pieces of a word as typed (lower-cased by the caller). The engine folds each piece
 * as it folds the text (FTS5's tokenizer, translate() on PostgreSQL), so a row containing the word has every piece.
 */
function trigramsOf(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  return [...out];
}

/**
 * The typo-tolerant match of one word (decision 243): more than half of the word's trigrams (case and diacritics
 * folded) occur in the row's text, so "fustn" (fus, ust, stn) finds "Fustan" (fus, ust). A row containing the
 * word has all of them, so this includes every exact match. Null for words under three or over 24 characters.
 * SQLite counts per-trigram lookups in the FTS table; PostgreSQL counts LIKEs on the folded text, narrowed by its
 * folded GIN index.
 */
export function nearMatch(
  db: AnyDb,
  def: Pick<SearchIndexDef, 'index' | 'columns'>,
  alias: string,
  id: Expression<number>,
  word: string,
): RawBuilder<boolean> | null {
  const grams = trigramsOf(word);
  if (grams.length === 0 || [...word].length > NEAR_MAX_CHARS || !indexable(word)) return null;
  if (!isPostgres(db) && rebuildingIndexes.has(def.index)) return null;
  const needed = Math.floor(grams.length / 2) + 1;
  if (!isPostgres(db)) {
    const lookups = sql.join(
      grams.map(
        (g) => sql`SELECT rowid AS id FROM ${sql.table(def.index)} WHERE ${sql.table(def.index)} MATCH ${phrase(g)}`,
      ),
      sql` UNION ALL `,
    );
    return sql<boolean>`${id} IN (SELECT id FROM (${lookups}) GROUP BY id HAVING count(*) >= ${needed})`;
  }
  const text = sql.raw(pgFolded(joined(def.columns, `"${alias}".`)));
  const hits = grams.map((g) => {
    const pattern = `%${g.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    return sql<boolean>`${text} LIKE translate(${pattern}, '${sql.raw(FOLD_FROM)}', '${sql.raw(FOLD_TO)}')`;
  });
  return sql<boolean>`((${sql.join(hits, sql` OR `)}) AND (${sql.join(hits.map(asInt), sql` + `)}) >= ${needed})`;
}

// ---- The indexes -----------------------------------------------------------------------------------------------

/**
 * The staff searches' indexes as the latest migration made them (migrations 0430 and 0460 keep its own copy: changing one
 * here needs a new migration that drops and creates it again). Each lists the columns its list's search matches.
 */
export const ORDERS_SEARCH: SearchIndexDef = {
  index: 'orders_search',
  table: 'orders',
  id: 'order_id',
  columns: ['first_name', 'last_name', 'email', 'phone_number', 'city', 'country_name', 'promo_code'],
};
export const USERS_SEARCH: SearchIndexDef = {
  index: 'users_search',
  table: 'users',
  id: 'user_id',
  columns: ['first_name', 'last_name', 'email', 'phone_number'],
};
export const PRODUCTS_SEARCH: SearchIndexDef = {
  index: 'products_search',
  table: 'products',
  id: 'product_id',
  columns: ['name', 'barcode'],
  folded: true,
};
/** The buyers list (migration 0460, decision 256): a buyer's latest name, its e-mails and its phones. */
export const BUYERS_SEARCH: SearchIndexDef = {
  index: 'buyers_search',
  table: 'buyers',
  id: 'buyer_id',
  columns: ['name', 'emails', 'phones'],
};
export const STAFF_SEARCH_INDEXES = [ORDERS_SEARCH, USERS_SEARCH, PRODUCTS_SEARCH, BUYERS_SEARCH] as const;
