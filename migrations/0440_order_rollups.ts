// Rollups of the orders for the reports and the overview (issue 38, decision 244), kept by the database itself:
// triggers on orders and order_details add a row's share when it arrives, take the old share away and add the new
// one when a figure it feeds changes (order date, closed_as, status, totals, place, a line's product, size, colour,
// quantity or total), and take it away when it goes, whichever code or raw SQL wrote it. Backfilled from the rows
// already there.
// - order_hour_figures: per UTC hour ("2026-11-02T09", the first 13 characters of the ISO order_date), orders placed,
//   closed (cancelled or returned), live orders, their revenue, the cash still to collect and the pending count.
// - order_line_figures: per day part, live orders' lines summed per product (id, 0 when deleted, and name), size and
//   colour: units, revenue net of the order's discount (rounded down per line, as the reports always did) and the
//   lines' gross total (the overview's best sellers).
// - order_place_figures: per day part, orders placed per country and city, cancelled, shipped and returned.
// A day part is a slice of a UTC day cut wherever a shop day (Europe/Belgrade, UTC+1 or +2) can start: [00, 22),
// [22, 23) and [23, 24), keyed by its first hour ("2026-11-02T00", "…T22", "…T23"). Every shop-time day, week or
// month is a run of whole day parts, with three rows per day at most instead of 24.
// The trigger DDL differs per engine (SQLite row triggers; PostgreSQL PL/pgSQL functions) and lives only here; the
// statements inside are the same text on both. SQLite's foreign-key actions fire triggers too: a deleted product's
// lines (product_id set null) move to "deleted product" rows, and an order's cascaded lines were already taken away
// by the order's BEFORE DELETE trigger (the lines' own trigger no longer finds the order).
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/dialect';

type Row = 'NEW' | 'OLD';
type Sign = 1 | -1;

const HOUR = (at: string) => `substr(${at}, 1, 13)`;
const PART = (at: string) =>
  `CASE WHEN substr(${at}, 12, 2) >= '22' THEN substr(${at}, 1, 13) ELSE substr(${at}, 1, 10) || 'T00' END`;
const when = (cond: string, value = '1') => `CASE WHEN ${cond} THEN ${value} ELSE 0 END`;
const upsertSet = (table: string, columns: string[]) =>
  columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');

function hourFigures(o: Row, s: Sign): string {
  const live = `${o}.closed_as IS NULL`;
  const pending = `${live} AND ${o}.status = 'pending'`;
  const cols = ['placed', 'closed', 'orders', 'revenue_cents', 'cod_cents', 'pending'];
  return `INSERT INTO order_hour_figures (hour, ${cols.join(', ')})
    VALUES (${HOUR(`${o}.order_date`)}, ${s}, ${s} * ${when(`${o}.closed_as IS NOT NULL`)}, ${s} * ${when(live)},
            ${s} * ${when(live, `${o}.total_cents`)}, ${s} * ${when(pending, `${o}.total_cents`)}, ${s} * ${when(pending)})
    ON CONFLICT (hour) DO UPDATE SET ${upsertSet('order_hour_figures', cols)}`;
}

function placeFigures(o: Row, s: Sign): string {
  const cols = ['placed', 'cancelled', 'shipped', 'returned'];
  return `INSERT INTO order_place_figures (part, country_name, city, ${cols.join(', ')})
    VALUES (${PART(`${o}.order_date`)}, ${o}.country_name, ${o}.city, ${s},
            ${s} * ${when(`${o}.closed_as = 'cancelled'`)}, ${s} * ${when(`${o}.status = 'delivered'`)},
            ${s} * ${when(`${o}.closed_as = 'returned'`)})
    ON CONFLICT (part, country_name, city) DO UPDATE SET ${upsertSet('order_place_figures', cols)}`;
}

/**
 * Lines summed per product, size and colour of their day part. `o` is the order (a table alias or NEW/OLD), `d` the
 * line; `from` and `where` pick the rows (an order's lines, a line's order, or everything for the backfill).
 */
function lineFigures(o: string, d: string, from: string, where: string, s: Sign | null): string {
  const cols = ['units', 'revenue_cents', 'gross_cents'];
  const revenue = when(
    `${o}.subtotal_cents > 0`,
    `CAST(${d}.line_total_cents AS BIGINT) * (${o}.subtotal_cents - ${o}.discount_cents) / ${o}.subtotal_cents`,
  );
  const sign = s === null ? '' : `${s} * `;
  return `INSERT INTO order_line_figures (dim, part, product_id, label, ${cols.join(', ')})
    SELECT k.dim, ${PART(`${o}.order_date`)},
           CASE WHEN k.dim = 'product' THEN coalesce(${d}.product_id, 0) ELSE 0 END,
           CASE k.dim WHEN 'product' THEN ${d}.product_name WHEN 'size' THEN ${d}.size ELSE ${d}.color END,
           ${sign}SUM(${d}.quantity), ${sign}SUM(${revenue}), ${sign}SUM(${d}.line_total_cents)
    FROM ${from} CROSS JOIN (SELECT 'product' AS dim UNION ALL SELECT 'size' UNION ALL SELECT 'color') k
    WHERE ${where} AND ${o}.closed_as IS NULL
    GROUP BY k.dim, 2, 3, 4
    ${s === null ? '' : `ON CONFLICT (dim, part, product_id, label) DO UPDATE SET ${upsertSet('order_line_figures', cols)}`}`;
}

/** An order's lines with the order's values as in `o` (NEW or OLD). */
const orderLines = (o: Row, s: Sign) => lineFigures(o, 'd', 'order_details d', `d.order_id = ${o}.order_id`, s);
/** One line (NEW or OLD) with its order as it stands. */
const lineOfOrder = (d: Row, s: Sign) => lineFigures('o', d, 'orders o', `o.order_id = ${d}.order_id`, s);

const ORDER_FIGURE_COLUMNS = ['order_date', 'closed_as', 'status', 'total_cents', 'country_name', 'city'];
const ORDER_LINE_COLUMNS = ['order_date', 'closed_as', 'subtotal_cents', 'discount_cents'];
const LINE_COLUMNS = ['order_id', 'product_id', 'product_name', 'size', 'color', 'quantity', 'line_total_cents'];

/** Each trigger: table, timing, event, the changed columns that make an update count, and its statements. */
const TRIGGERS: Array<{
  name: string;
  table: string;
  timing: 'BEFORE' | 'AFTER';
  event: string;
  changed?: string[];
  body: string[];
}> = [
  {
    name: 'order_figures_order_insert',
    table: 'orders',
    timing: 'AFTER',
    event: 'INSERT',
    body: [hourFigures('NEW', 1), placeFigures('NEW', 1)],
  },
  {
    name: 'order_figures_order_update',
    table: 'orders',
    timing: 'AFTER',
    event: 'UPDATE',
    changed: ORDER_FIGURE_COLUMNS,
    body: [hourFigures('OLD', -1), placeFigures('OLD', -1), hourFigures('NEW', 1), placeFigures('NEW', 1)],
  },
  {
    name: 'order_figures_order_lines_update',
    table: 'orders',
    timing: 'AFTER',
    event: 'UPDATE',
    changed: ORDER_LINE_COLUMNS,
    body: [orderLines('OLD', -1), orderLines('NEW', 1)],
  },
  // Before the row goes: its lines are still there to be taken away (the cascade deletes them after).
  {
    name: 'order_figures_order_lines_delete',
    table: 'orders',
    timing: 'BEFORE',
    event: 'DELETE',
    body: [orderLines('OLD', -1)],
  },
  {
    name: 'order_figures_order_delete',
    table: 'orders',
    timing: 'AFTER',
    event: 'DELETE',
    body: [hourFigures('OLD', -1), placeFigures('OLD', -1)],
  },
  {
    name: 'order_figures_line_insert',
    table: 'order_details',
    timing: 'AFTER',
    event: 'INSERT',
    body: [lineOfOrder('NEW', 1)],
  },
  {
    name: 'order_figures_line_update',
    table: 'order_details',
    timing: 'AFTER',
    event: 'UPDATE',
    changed: LINE_COLUMNS,
    body: [lineOfOrder('OLD', -1), lineOfOrder('NEW', 1)],
  },
  {
    name: 'order_figures_line_delete',
    table: 'order_details',
    timing: 'AFTER',
    event: 'DELETE',
    body: [lineOfOrder('OLD', -1)],
  },
];

async function createTables(db: Kysely<any>, postgres: boolean): Promise<void> {
  const big = (c: any) => c.notNull().defaultTo(0);
  // SQLite keeps each rollup in its key's order (WITHOUT ROWID): a period is one contiguous range of the table.
  const clustered = <T extends { modifyEnd: (e: any) => T }>(t: T) => (postgres ? t : t.modifyEnd(sql`WITHOUT ROWID`));
  await clustered(
    db.schema
      .createTable('order_hour_figures')
      .addColumn('hour', 'text', (c) => c.primaryKey())
      .addColumn('placed', 'bigint', big)
      .addColumn('closed', 'bigint', big)
      .addColumn('orders', 'bigint', big)
      .addColumn('revenue_cents', 'bigint', big)
      .addColumn('cod_cents', 'bigint', big)
      .addColumn('pending', 'bigint', big),
  ).execute();
  await clustered(
    db.schema
      .createTable('order_line_figures')
      .addColumn('dim', 'text', (c) => c.notNull().check(sql`dim IN ('product', 'size', 'color')`))
      .addColumn('part', 'text', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('units', 'bigint', big)
      .addColumn('revenue_cents', 'bigint', big)
      .addColumn('gross_cents', 'bigint', big)
      .addPrimaryKeyConstraint('order_line_figures_pk', ['dim', 'part', 'product_id', 'label']),
  ).execute();
  await clustered(
    db.schema
      .createTable('order_place_figures')
      .addColumn('part', 'text', (c) => c.notNull())
      .addColumn('country_name', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('placed', 'bigint', big)
      .addColumn('cancelled', 'bigint', big)
      .addColumn('shipped', 'bigint', big)
      .addColumn('returned', 'bigint', big)
      .addPrimaryKeyConstraint('order_place_figures_pk', ['part', 'country_name', 'city']),
  ).execute();
}

/** The rollups of the rows already there (the same sums the triggers keep). */
async function backfill(db: Kysely<any>): Promise<void> {
  const live = 'o.closed_as IS NULL';
  const pending = `${live} AND o.status = 'pending'`;
  await sql
    .raw(
      `INSERT INTO order_hour_figures (hour, placed, closed, orders, revenue_cents, cod_cents, pending)
       SELECT ${HOUR('o.order_date')}, COUNT(*), SUM(${when('o.closed_as IS NOT NULL')}), SUM(${when(live)}),
              SUM(${when(live, 'o.total_cents')}), SUM(${when(pending, 'o.total_cents')}), SUM(${when(pending)})
       FROM orders o GROUP BY 1`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO order_place_figures (part, country_name, city, placed, cancelled, shipped, returned)
       SELECT ${PART('o.order_date')}, o.country_name, o.city, COUNT(*), SUM(${when("o.closed_as = 'cancelled'")}),
              SUM(${when("o.status = 'delivered'")}), SUM(${when("o.closed_as = 'returned'")})
       FROM orders o GROUP BY 1, 2, 3`,
    )
    .execute(db);
  await sql
    .raw(lineFigures('o', 'd', 'orders o JOIN order_details d ON d.order_id = o.order_id', '1 = 1', null))
    .execute(db);
}

async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) {
    const changed = t.changed ? ` WHEN ${t.changed.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ')}` : '';
    await sql
      .raw(`CREATE TRIGGER ${t.name} ${t.timing} ${t.event} ON ${t.table}${changed} BEGIN ${t.body.join(';\n')}; END`)
      .execute(db);
  }
}

async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) {
    const changed = t.changed
      ? ` WHEN (${t.changed.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ')})`
      : '';
    await sql
      .raw(
        `CREATE FUNCTION ${t.name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${t.body.join(';\n  ')};
  RETURN ${t.timing === 'BEFORE' ? 'OLD' : 'NULL'};
END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${t.name} ${t.timing} ${t.event} ON ${t.table} FOR EACH ROW${changed} EXECUTE FUNCTION ${t.name}()`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await createTables(db, postgres);
  await backfill(db);
  await (postgres ? createPostgresTriggers(db) : createSqliteTriggers(db));
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const t of TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${t.name}${postgres ? ` ON ${t.table}` : ''}`).execute(db);
    if (postgres) await sql.raw(`DROP FUNCTION IF EXISTS ${t.name}()`).execute(db);
  }
  for (const table of ['order_hour_figures', 'order_line_figures', 'order_place_figures'])
    await db.schema.dropTable(table).ifExists().execute();
}
